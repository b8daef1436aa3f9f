import { db } from "../../db/orm";
import { loadImportDebugPage, type ImportDebugPageData } from "../../app/modules/import/import-debug-page.server";
import { NAME_SIMILARITY_THRESHOLD } from "../../app/modules/duplicates/match-stakeholders";
import { createStakeholder } from "../../app/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "../../app/modules/stakeholder/schemas";
import { loader } from "../../app/routes/import-debug";
import { useTestDatabase } from "../setup/test-database";
import { accessFor, callRoute, inContext, projectId, signedInRequest, statusOf, userFor } from "./stakeholder-helpers";

/**
 * /import-debug (docs/import.md#debug-tool): the real matcher on a sample of the project's stakeholders or
 * on a typed name, e-mail and phone, against a real PostgreSQL; importData only, the project's own
 * records only.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
let jon: number;
let john: number;
const EMAIL = "jon.smith.debug@example.com";

const input = (fields: Record<string, unknown>) => StakeholderSchema.parse(fields);
const sql = <T>(query: string, params: unknown[] = []) => inContext(() => db().getConnection().execute(query, params) as Promise<T[]>);

async function page(user: string, path: string): Promise<{ status: number; data: ImportDebugPageData | { project: null } | { message: string; code?: string } }> {
  const request = await signedInRequest(user, path);
  const response = await callRoute(() => loader({ request, params: {}, context: {} }) as Promise<unknown>);
  return { status: response.status, data: (await response.json()) as ImportDebugPageData };
}

async function debugPage(path: string, user = "seed-officer") {
  const { status, data } = await page(user, path);
  expect(status).toBe(200);
  return data as ImportDebugPageData;
}

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
  const officer = await accessFor(await userFor("seed-officer"), western, "editData");
  jon = (await inContext(() => createStakeholder(officer, input({ name: "Jon Smith", email: EMAIL, memberType: "Individual" })))).id;
  john = (await inContext(() => createStakeholder(officer, input({ name: "John Smith", email: EMAIL.toUpperCase(), phone: "0412 987 654", memberType: "Individual" })))).id;
  // The same person in another client's project must never be a candidate.
  const foreign = await accessFor(await userFor("seed-second-owner"), coastal, "editData");
  await inContext(() => createStakeholder(foreign, input({ name: "John Smith", email: EMAIL, memberType: "Individual" })));
});

afterAll(async () => {
  await database?.drop();
});

describe("the loader", () => {
  it("shows the project's stakeholder and property counts and the 80 % threshold from the match rules", async () => {
    const data = await debugPage(`/import-debug?projectId=${western}`);
    const [counts] = await sql<{ stakeholders: number; properties: number }>(
      "select (select count(*)::int from stakeholder where project_id = ?) as stakeholders, (select count(*)::int from property where project_id = ?) as properties",
      [western, western],
    );
    expect(data.project?.name).toBe("Western Pipeline Stage 2");
    expect(data.counts).toEqual(counts);
    expect(data.counts.properties).toBeGreaterThan(0);
    expect(NAME_SIMILARITY_THRESHOLD).toBe(0.8);
    expect(data.rules.nameThreshold).toBe("80 %");
    // A shared phone or e-mail under another name is shown as a possible household, below the name threshold.
    expect(data.rules).toMatchObject({ email: "100 %", phone: "95 %", household: "50 % to under 70 %" });
  });

  it("lists a planted near-duplicate of a sampled stakeholder, with its similarity, match type and reason, and not the stakeholder itself", async () => {
    // The sample page that starts with Jon Smith (the sample is ordered by name, then id).
    const [{ before }] = (await sql<{ before: number }>(
      "select count(*)::int as before from stakeholder where project_id = ? and (lower(name) < lower('Jon Smith') or (lower(name) = lower('Jon Smith') and id < ?))",
      [western, jon],
    )) as [{ before: number }];
    const data = await debugPage(`/import-debug?projectId=${western}&sample=${before}`);
    expect(data.mode).toBe("sample");
    expect(data.probes).toHaveLength(Math.min(10, data.counts.stakeholders - before));
    const probe = data.probes[0]!;
    expect(probe).toMatchObject({ id: jon, name: "Jon Smith", email: EMAIL });
    expect(probe.keys).toEqual(expect.arrayContaining([`e:${EMAIL}`, expect.stringMatching(/^n:SM0:J$/)]));
    expect(probe.candidates.map((c) => c.id)).not.toContain(jon);
    const candidate = probe.candidates.find((c) => c.id === john);
    expect(candidate).toMatchObject({ name: "John Smith", phone: "0412 987 654", similarity: 1, similarityText: "100 %", matchType: "email", reason: "same e-mail" });
    expect(candidate!.sharedKeys).toEqual(expect.arrayContaining([`e:${EMAIL}`, "n:SM0:J"]));
    // Only this project's records: the Coastal John Smith with the same e-mail is not compared.
    const ids = await sql<{ id: number }>("select id from stakeholder where project_id = ?", [western]);
    for (const c of probe.candidates) expect(ids.map((r) => r.id)).toContain(c.id);
  });

  it("runs a typed name, e-mail and phone through the matcher: a name-only near-duplicate shows its name similarity", async () => {
    const data = await debugPage(`/import-debug?projectId=${western}&name=${encodeURIComponent("Smith, Jon")}&email=&phone=`);
    expect(data.mode).toBe("typed");
    expect(data.probes).toHaveLength(1);
    const [probe] = data.probes;
    expect(probe!.id).toBeNull();
    expect(probe!.keys).toContain("n:SM0:J");
    const byId = new Map(probe!.candidates.map((c) => [c.id, c]));
    expect(byId.get(jon)).toMatchObject({ matchType: "name", similarity: 1, reason: "same name" });
    const near = byId.get(john)!;
    expect(near.matchType).toBe("name");
    expect(near.similarity).toBeGreaterThanOrEqual(NAME_SIMILARITY_THRESHOLD);
    expect(near.similarity).toBeLessThan(1);
    expect(near.reason).toBe(`name ${near.similarityText} similar`);
    expect(near.similarityText).toMatch(/^\d+ %$/);
  });

  it("a typed phone finds the record with that phone in another form (+61)", async () => {
    const data = await debugPage(`/import-debug?projectId=${western}&phone=${encodeURIComponent("+61 412 987 654")}`);
    const [probe] = data.probes;
    expect(probe!.keys).toEqual(["p:0412987654"]);
    expect(probe!.candidates).toEqual([expect.objectContaining({ id: john, matchType: "phone", reason: "same phone", similarityText: "95 %" })]);
  });

  it("says so when a typed stakeholder has no likely duplicates, and why values gave no key", async () => {
    const data = await debugPage(`/import-debug?projectId=${western}&name=Zebedee+Quillfeather&phone=123`);
    const [probe] = data.probes;
    expect(probe!.candidates).toEqual([]);
    expect(probe!.unkeyed).toEqual(["phone"]);
  });

  it("a sample beyond the end of the list is empty, and a malformed offset starts at the beginning", async () => {
    expect((await debugPage(`/import-debug?projectId=${western}&sample=999999`)).probes).toEqual([]);
    const first = await debugPage(`/import-debug?projectId=${western}&sample=abc`);
    expect(first.sample.offset).toBe(0);
    expect(first.probes.length).toBeGreaterThan(0);
  });

  it("without a selected project answers the project-required state", async () => {
    const { status, data } = await page("seed-officer", "/import-debug");
    expect(status).toBe(200);
    expect(data).toEqual({ project: null });
  });
});

describe("access", () => {
  it("a viewer gets 403, through the route and the module function alike", async () => {
    const { status, data } = await page("seed-viewer", `/import-debug?projectId=${western}`);
    expect(status).toBe(403);
    expect(data).toEqual({ message: "You do not have permission to do that" });
    const viewer = await accessFor(await userFor("seed-viewer"), western);
    expect(await statusOf(() => loadImportDebugPage(viewer, new URL(`http://localhost/import-debug?name=John+Smith`)))).toBe(403);
  });

  it("another client's project is 404", async () => {
    const { status, data } = await page("seed-officer", `/import-debug?projectId=${coastal}&name=John+Smith`);
    expect(status).toBe(404);
    expect(data).toEqual({ message: "Project not found", code: "INVALID_PROJECT" });
  });
});
