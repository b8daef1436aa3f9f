import { Engagement, Stakeholder } from "../../db/entities/index";
import { db } from "../../db/orm";
import type { ProjectAccess } from "../../app/modules/access/project-access.server";
import { deleteEngagement, engagementToJson, listEngagements, recordEngagement } from "../../app/modules/engagement/engagement.server";
import { EngagementSchema } from "../../app/modules/engagement/schemas";
import { action as createApi, loader as projectListApi } from "../../app/routes/api.engagements";
import { loader as listApi } from "../../app/routes/api.engagements.$id";
import { useTestDatabase } from "../setup/test-database";
import { accessFor, callRoute, auditRows, inContext, projectId, signedInRequest, stakeholderIdByName, statusOf, userFor } from "./stakeholder-helpers";

/** Engagements (Record Interaction) against a real PostgreSQL with the demo data. */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
let officer: ProjectAccess;
let manager: ProjectAccess;
let viewer: ProjectAccess;
let secondOwner: ProjectAccess;
let northern: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
  northern = await projectId("Northern Transmission Line");
  officer = await accessFor(await userFor("seed-officer"), western);
  manager = await accessFor(await userFor("seed-project-manager"), western);
  viewer = await accessFor(await userFor("seed-viewer"), western);
  secondOwner = await accessFor(await userFor("seed-second-owner"), coastal);
});

afterAll(async () => {
  await database?.drop();
});

const parse = (fields: Record<string, unknown>) => EngagementSchema.parse(fields);

describe("schema", () => {
  const errors = (fields: Record<string, unknown>) => {
    const result = EngagementSchema.safeParse(fields);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("defaults the type to meeting, the zone to Sydney and the time to now", () => {
    const before = Date.now();
    const data = parse({ subject: "Chat" });
    expect(data.type).toBe("meeting");
    expect(data.timezone).toBe("Australia/Sydney");
    expect(data.completedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(data.followUpRequired).toBe(false);
  });
  it("reads the datetime-local value in the chosen zone", () => {
    expect(parse({ subject: "x", completedAt: "2025-07-15T09:00", timezone: "Australia/Perth" }).completedAt!.toISOString()).toBe("2025-07-15T01:00:00.000Z");
    expect(parse({ subject: "x", completedAt: "2025-07-15T09:00:00Z" }).completedAt!.toISOString()).toBe("2025-07-15T09:00:00.000Z");
  });
  it("requires and keeps the follow-up date only when follow-up is ticked", () => {
    expect(errors({ subject: "x", followUpRequired: "on" })).toEqual({ followUpDate: "Enter a follow-up date" });
    expect(parse({ subject: "x", followUpRequired: "on", followUpDate: "2025-12-24" }).followUpDate!.toISOString()).toBe("2025-12-23T13:00:00.000Z");
    expect(parse({ subject: "x", followUpDate: "2025-12-24" }).followUpDate).toBeNull();
  });
  it("refuses bad input", () => {
    expect(errors({})).toEqual({ subject: "Subject is required" });
    expect(errors({ subject: "x", type: "telepathy" })).toEqual({ type: "Select a valid interaction type" });
    expect(errors({ subject: "x", timezone: "Mars/Olympus" })).toEqual({ timezone: "Select a valid time zone" });
    expect(errors({ subject: "x", completedAt: "2025-02-30T10:00" })).toEqual({ completedAt: "Enter a real date and time" });
    expect(errors({ subject: "x", notes: "n".repeat(5001) })).toEqual({ notes: "Notes must be 5000 characters or fewer" });
  });
});

describe("record, list, delete", () => {
  it("records an interaction with an audit row and updates last contact", async () => {
    const aroha = await stakeholderIdByName("Aroha Walker");
    const engagement = await inContext(() =>
      recordEngagement(officer, aroha, parse({ type: "call", subject: "Paddock lease chat", completedAt: "2025-03-03T10:30", timezone: "Australia/Sydney", outcomes: "Happy to talk again" })),
    );
    expect(engagement.completedAt!.toISOString()).toBe("2025-03-02T23:30:00.000Z");
    const rows = await auditRows("Engagement", engagement.id);
    expect(rows.map((r) => r.action)).toEqual(["engagement.create"]);
    expect(rows[0]!.after).toMatchObject({ subject: "Paddock lease chat", type: "call", stakeholderId: aroha });
    const stakeholder = await inContext(() => db().findOneOrFail(Stakeholder, aroha));
    expect(stakeholder.lastContact!.toISOString()).toBe("2025-03-02T23:30:00.000Z");
  });

  it("lists a stakeholder's interactions newest first", async () => {
    const tom = await stakeholderIdByName("Tom Nguyen");
    await inContext(() => recordEngagement(officer, tom, parse({ subject: "Oldest", completedAt: "2020-01-01T09:00" })));
    await inContext(() => recordEngagement(officer, tom, parse({ subject: "Newest", completedAt: "2099-01-01T09:00" })));
    const { rows, total } = await inContext(() => listEngagements(officer, tom));
    expect(total).toBe(3); // plus the seeded e-mail
    expect(rows.map((r) => r.subject)).toEqual(["Newest", "Compensation schedule sent", "Oldest"]);
  });

  it("refuses viewers (403), another client's ids (404), and deletes only with deleteData", async () => {
    const margaret = await stakeholderIdByName("Margaret Ellis");
    const count = () => inContext(() => db().count(Engagement, {}));
    const before = await count();
    expect(await statusOf(() => recordEngagement(viewer, margaret, parse({ subject: "Nope" })))).toBe(403);
    expect(await statusOf(() => recordEngagement(secondOwner, margaret, parse({ subject: "Nope" })))).toBe(404);
    expect(await statusOf(() => listEngagements(secondOwner, margaret))).toBe(404);
    expect(await count()).toBe(before);

    const engagement = await inContext(() => recordEngagement(officer, margaret, parse({ subject: "To delete" })));
    expect(await statusOf(() => deleteEngagement(secondOwner, engagement.id))).toBe(404);
    expect(await statusOf(() => deleteEngagement(officer, engagement.id))).toBe(403);
    expect(await statusOf(() => deleteEngagement(manager, engagement.id))).toBe("ok");
    expect((await auditRows("Engagement", engagement.id)).map((r) => r.action)).toEqual(["engagement.create", "engagement.delete"]);
  });
});

describe("routes", () => {
  const post = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" }, body: JSON.stringify(body) });

  it("POST /api/engagements creates (201); bad input is 400 and saves nothing; viewers 403", async () => {
    const walker = await stakeholderIdByName("Aroha Walker");
    const created = await callRoute(async () =>
      createApi({
        request: await signedInRequest(
          "seed-officer",
          "/api/engagements",
          post({ projectId: western, stakeholderId: walker, type: "site_visit", subject: "Fence check", completedAt: "2025-05-01T08:00", timezone: "Australia/Brisbane" }),
        ),
        params: {},
        context: {},
      }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ type: "site_visit", subject: "Fence check", completedAt: "2025-04-30T22:00:00.000Z", timezone: "Australia/Brisbane" });

    const before = await inContext(() => db().count(Engagement, {}));
    const bad = await callRoute(async () =>
      createApi({ request: await signedInRequest("seed-officer", "/api/engagements", post({ projectId: western, stakeholderId: walker, subject: "", type: "x" })), params: {}, context: {} }),
    );
    expect(bad.status).toBe(400);
    const viewerPost = await callRoute(async () =>
      createApi({ request: await signedInRequest("seed-viewer", "/api/engagements", post({ projectId: western, stakeholderId: walker, subject: "Viewer" })), params: {}, context: {} }),
    );
    expect(viewerPost.status).toBe(403);
    expect(await inContext(() => db().count(Engagement, {}))).toBe(before);
  });

  it("GET /api/engagements/{stakeholderId} lists; another client's stakeholder is 404", async () => {
    const margaret = await stakeholderIdByName("Margaret Ellis");
    const list = await callRoute(async () =>
      listApi({ request: await signedInRequest("seed-viewer", `/api/engagements/${margaret}?projectId=${western}`), params: { id: String(margaret) }, context: {} }),
    );
    expect(list.status).toBe(200);
    expect(((await list.json()) as { subject: string }[]).map((e) => e.subject)).toContain("Initial land access discussion");
    const foreign = await callRoute(async () =>
      listApi({ request: await signedInRequest("seed-second-owner", `/api/engagements/${margaret}?projectId=${coastal}`), params: { id: String(margaret) }, context: {} }),
    );
    expect(foreign.status).toBe(404);
  });
});

describe("GET /api/engagements?projectId=&search=", () => {
  const list = async (userId: string, query: string) => {
    const response = await callRoute(async () => projectListApi({ request: await signedInRequest(userId, `/api/engagements?${query}`), params: {}, context: {} }));
    return { status: response.status, body: (await response.json()) as unknown, total: response.headers.get("X-Total-Count"), link: response.headers.get("Link") };
  };
  const subjects = (body: unknown) => (body as { subject: string }[]).map((e) => e.subject);

  it("lists the project's engagements newest first, each as GET /api/engagements/{stakeholderId} shows it plus title and engagementType", async () => {
    const stored = await inContext(() => db().find(Engagement, { project: western }));
    const happened = (e: (typeof stored)[number]) => (e.completedAt ?? e.scheduledAt ?? e.createdAt).getTime();
    const expected = stored.sort((a, b) => happened(b) - happened(a) || b.id - a.id).map((e) => ({ ...engagementToJson(e), title: e.subject, engagementType: e.type }));
    expect(expected.length).toBeGreaterThan(5);
    const { status, body, total, link } = await list("seed-viewer", `projectId=${western}`);
    expect(status).toBe(200);
    expect(body).toEqual(expected);
    expect(total).toBe(String(expected.length));
    expect(link).toBeNull();
    expect(Object.keys((body as object[])[0]!)).toEqual([...Object.keys(expected[0]!)]);

    const second = await list("seed-viewer", `projectId=${western}&limit=2&offset=1`);
    expect(second.body).toEqual(expected.slice(1, 3));
    expect(second.total).toBe(String(expected.length));
    expect(second.link).toContain("offset=3");
  });

  it("searches the subject and the location, case-insensitively and literally, within the project only", async () => {
    const [coastalPerson] = await inContext(() => db().find(Stakeholder, { project: coastal }, { limit: 1 }));
    await inContext(() => recordEngagement(secondOwner, coastalPerson!.id, parse({ subject: "Beaufort visit (other client)" })));

    const byPlace = await list("seed-officer", `projectId=${western}&search=${encodeURIComponent("  BEAUFORT ")}`);
    expect(byPlace.status).toBe(200);
    expect(subjects(byPlace.body).sort()).toEqual(["Community information session", "Initial land access discussion"]);
    expect(byPlace.total).toBe("2");
    const bySubject = await list("seed-officer", `projectId=${western}&search=compensation%20schedule`);
    expect(subjects(bySubject.body)).toEqual(["Compensation schedule sent"]);
    const wildcard = await list("seed-officer", `projectId=${western}&search=${encodeURIComponent("%")}`);
    expect(wildcard.body).toEqual([]);
    expect(wildcard.total).toBe("0");
    const other = await list("seed-second-owner", `projectId=${coastal}&search=beaufort`);
    expect(subjects(other.body)).toEqual(["Beaufort visit (other client)"]);
  });

  it("refuses another client's project (404), a project the user is not a member of (403) and no project (400)", async () => {
    const foreign = await list("seed-second-owner", `projectId=${western}`);
    expect([foreign.status, foreign.body]).toEqual([404, expect.objectContaining({ code: "INVALID_PROJECT" })]);
    const notMember = await list("seed-officer", `projectId=${northern}`);
    expect([notMember.status, notMember.body]).toEqual([403, expect.objectContaining({ code: "INVALID_PROJECT" })]);
    const none = await list("seed-officer", "search=beaufort");
    expect([none.status, none.body]).toEqual([400, expect.objectContaining({ message: "No project selected", code: "INVALID_PROJECT" })]);
    const bad = await list("seed-officer", `projectId=${western}&limit=0`);
    expect(bad.status).toBe(400);
  });
});
