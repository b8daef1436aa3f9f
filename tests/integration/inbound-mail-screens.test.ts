import { Readable } from "node:stream";
import { getOrm, withRequestContext } from "../../db/orm";
import { getObjectStore } from "../../app/modules/storage/index.server";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { receiveInboundMessage } from "../../app/modules/inbound-mail/receive.server";
import { processInboundMessage } from "../../app/modules/inbound-mail/process.server";
import { projectInboundAddress } from "../../app/modules/inbound-mail/settings.server";
import * as settingsPage from "../../app/routes/projects.$id.phases_.inbound-mail";
import * as settingsApi from "../../app/routes/api.projects.$id.inbound-mail";
import * as inboxPage from "../../app/routes/inbound-mail";
import * as messagePage from "../../app/routes/inbound-mail_.$id";
import * as listApi from "../../app/routes/api.inbound-mail";
import * as itemApi from "../../app/routes/api.inbound-mail.$id";
import * as acceptApi from "../../app/routes/api.inbound-mail.$id.accept";
import * as rejectApi from "../../app/routes/api.inbound-mail.$id.reject";
import { accessFor, userFor } from "./stakeholder-helpers";
import { call, formRequest, jsonRequest, storedFiles, useUploadTestEnvironment } from "./support/uploads";

/**
 * The inbound e-mail screens over HTTP, as a browser without JavaScript and an /api caller use them
 * (docs/inbound-mail.md#project-settings, docs/inbound-mail.md#review), against a real PostgreSQL and
 * the real pipeline: the settings form and its /api twin save and refuse bad domains with nothing
 * changed; the Mail inbox lists a stranger's message with its reason, checks and attachments; accept
 * (on a found stakeholder or a new one) and reject work from the page and the /api; a viewer is 403,
 * a non-member 403 and another client's project or message 404, each with nothing changed.
 */
const env = useUploadTestEnvironment("inbound-screens");
const BASE = "http://localhost:3000";
type Route = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
const run = (fn: unknown, request: Request, params: Record<string, string> = {}) => call(() => (fn as Route)({ request, params, context: {} }));
const cookie = (role: string) => env.cookies[role]!;
const get = (path: string, role: string) => new Request(`${BASE}${path}`, { headers: { Cookie: cookie(role) } });
const sql = <T>(text: string, params: unknown[] = []) => withRequestContext(() => getOrm().em.getConnection().execute<T[]>(text, params));
const flashOf = async (role: string) => withRequestContext(async () => (await consumeFlash(get("/", role))).flash);
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(300, 0x20)]).toString("base64");

let address = "";
let margaretId = 0;

/** A message from someone the project does not know, with a PDF and a refused .exe; through the whole pipeline into review. */
async function strangerMessage(subject: string, projectAddress = address, from = { name: "Casey Stranger", address: "casey@unknown-sender.example" }): Promise<number> {
  const boundary = "b-inbound-screens";
  const raw = [
    `From: ${from.name} <${from.address}>`,
    `To: ${projectAddress}`,
    `Subject: ${subject}`,
    "Date: Tue, 24 Nov 2026 09:30:00 +1100",
    `Message-ID: <${subject.replace(/\W+/g, "-")}-${Date.now()}@unknown-sender.example>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `About ${subject}.`,
    `--${boundary}`,
    'Content-Type: application/pdf; name="site-plan.pdf"',
    'Content-Disposition: attachment; filename="site-plan.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    PDF,
    `--${boundary}`,
    'Content-Type: application/octet-stream; name="run-me.exe"',
    'Content-Disposition: attachment; filename="run-me.exe"',
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from("MZ not allowed").toString("base64"),
    `--${boundary}--`,
    "",
  ].join("\r\n");
  const { received } = await withRequestContext(() => receiveInboundMessage(Buffer.from(raw), { via: "smtp", envelopeFrom: from.address, envelopeTo: [projectAddress] }));
  expect(received).toHaveLength(1);
  await processInboundMessage({ inboundMessageId: received[0]!.inboundMessageId });
  return received[0]!.inboundMessageId;
}

const statusOf = async (id: number) => (await sql<{ status: string; raw_key: string | null }>("select status, raw_key from inbound_message where id = ?", [id]))[0]!;
const projectColumns = async (id: number) =>
  (
    await sql<{ inbound_allowed_domains: string[]; inbound_blocked_domains: string[]; inbound_confirm_reply: boolean }>(
      "select inbound_allowed_domains, inbound_blocked_domains, inbound_confirm_reply from project where id = ?",
      [id],
    )
  )[0]!;

beforeAll(async () => {
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
  const access = await accessFor(await userFor("seed-client-owner"), env.westernId);
  address = (await withRequestContext(() => projectInboundAddress(access))).address;
  margaretId = (await sql<{ id: number }>("select id from stakeholder where project_id = ? and name = 'Margaret Ellis'", [env.westernId]))[0]!.id;
});

afterAll(() => stopJobs(2000));

describe("the inbound e-mail settings", () => {
  const page = (id: number) => `/projects/${id}/phases/inbound-mail`;
  const api = (id: number) => `/api/projects/${id}/inbound-mail`;
  const post = (id: number, role: string, fields: Record<string, string>) => run(settingsPage.action, formRequest(`${BASE}${page(id)}`, cookie(role), fields), { id: String(id) });
  const put = (id: number, role: string, body: unknown, method = "PUT") => run(settingsApi.action, jsonRequest(`${BASE}${api(id)}`, cookie(role), method, body), { id: String(id) });

  it("shows the address with its tags to every member; only a manager may change the settings", async () => {
    const response = await run(settingsPage.loader, get(page(env.westernId), "viewer"), { id: String(env.westernId) });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.address.address).toBe(address);
    expect(data.address.tagged.grievance).toBe(address.replace("@", "+grievance@"));
    expect(data.settings).toEqual({ allowedDomains: [], blockedDomains: [], confirmReply: false });
    expect(data.canEdit).toBe(false);
    expect((await (await run(settingsPage.loader, get(page(env.westernId), "project_manager"), { id: String(env.westernId) })).json()).canEdit).toBe(true);
  });

  it("saves one domain a line and the reply switch from the form, with a flash", async () => {
    const response = await post(env.westernId, "project_manager", { allowedDomains: "Farm.Example.com.au\n\n@contractor.example", blockedDomains: "spam.example", confirmReply: "true" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(page(env.westernId));
    expect(await flashOf("project_manager")).toMatchObject({ kind: "success", title: "Inbound e-mail settings saved" });
    expect(await projectColumns(env.westernId)).toEqual({
      inbound_allowed_domains: ["farm.example.com.au", "contractor.example"],
      inbound_blocked_domains: ["spam.example"],
      inbound_confirm_reply: true,
    });
  });

  it("refuses a bad domain, and one both allowed and blocked, with the field named and nothing changed", async () => {
    const before = await projectColumns(env.westernId);
    const bad = await post(env.westernId, "project_manager", { allowedDomains: "not a domain!", blockedDomains: "", confirmReply: "false" });
    expect(bad.status).toBe(422);
    const body = await bad.json();
    expect(body.fieldErrors.allowedDomains).toMatch(/is not a domain name/);
    expect(body.repopulateFields).toMatchObject({ allowedDomains: "not a domain!" });
    const both = await post(env.westernId, "project_manager", { allowedDomains: "x.example", blockedDomains: "x.example" });
    expect((await both.json()).fieldErrors).toEqual({ blockedDomains: "x.example cannot be both allowed and blocked" });
    expect(await projectColumns(env.westernId)).toEqual(before);
  });

  it("refuses an officer (403), a non-member (403) and another client's project (404) with nothing changed", async () => {
    const before = await projectColumns(env.westernId);
    expect((await post(env.westernId, "officer", { allowedDomains: "", blockedDomains: "" })).status).toBe(403);
    expect((await run(settingsPage.loader, get(page(env.northernId), "officer"), { id: String(env.northernId) })).status).toBe(403);
    expect((await post(env.secondProjectId, "client_owner", { allowedDomains: "", blockedDomains: "" })).status).toBe(404);
    expect((await put(env.secondProjectId, "client_owner", { allowedDomains: [] })).status).toBe(404);
    expect(await projectColumns(env.westernId)).toEqual(before);
  });

  it("GET and PUT /api/projects/{id}/inbound-mail: JSON lists, 400 with field errors, 405 for POST", async () => {
    const read = await run(settingsApi.loader, get(api(env.westernId), "viewer"), { id: String(env.westernId) });
    expect((await read.json()).inboundMail).toMatchObject({ address, allowedDomains: ["farm.example.com.au", "contractor.example"] });
    const saved = await put(env.westernId, "client_owner", { allowedDomains: ["farm.example.com.au"], blockedDomains: [], confirmReply: false });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ message: "Inbound e-mail settings saved", inboundMail: { address, allowedDomains: ["farm.example.com.au"], confirmReply: false } });
    const bad = await put(env.westernId, "client_owner", { allowedDomains: ["farm..example"] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.allowedDomains).toMatch(/is not a domain name/);
    expect((await put(env.westernId, "client_owner", {}, "POST")).status).toBe(405);
    expect((await put(env.westernId, "viewer", { allowedDomains: [] })).status).toBe(403);
    expect((await projectColumns(env.westernId)).inbound_allowed_domains).toEqual(["farm.example.com.au"]);
  });
});

describe("the Mail inbox", () => {
  // The sessions select no project: the pages take it from ?projectId= (docs/access.md#selected-project).
  const inWestern = (path: string) => `${path}${path.includes("?") ? "&" : "?"}projectId=${env.westernId}`;
  const messagePath = (id: number) => `/inbound-mail/${id}`;
  const postMessage = (id: number, role: string, fields: Record<string, string>) =>
    run(messagePage.action, formRequest(`${BASE}${inWestern(messagePath(id))}`, cookie(role), fields), { id: String(id) });

  it("lists a stranger's message with its reason, checks and attachments (the refused one with its reason) to a viewer", async () => {
    const id = await strangerMessage("Survey crew dates");
    const response = await run(inboxPage.loader, get(inWestern("/inbound-mail"), "viewer"));
    expect(response.status).toBe(200);
    const data = await response.json();
    const row = data.list.rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      subject: "Survey crew dates",
      from: "Casey Stranger <casey@unknown-sender.example>",
      reason: "The sender is neither a member of the project nor one of its stakeholders",
      spf: null,
      dkim: null,
    });
    expect(row.attachments).toEqual([
      { fileName: "site-plan.pdf", refused: null },
      { fileName: "run-me.exe", refused: expect.stringMatching(/./) },
    ]);
    const one = await (await run(messagePage.loader, get(inWestern(`${messagePath(id)}?find=Margaret`), "viewer"), { id: String(id) })).json();
    expect(one.message.text).toContain("About Survey crew dates.");
    expect(one.canAct).toBe(false);
    expect(one.matches).toBeNull();
  });

  it("lists the attachments kept when the message was read, without opening the kept message again", async () => {
    const id = await strangerMessage("Fence line photos");
    // The kept message, replaced: a list that opened it again would find no attachments in it.
    const { raw_key: rawKey } = await statusOf(id);
    await getObjectStore().put(rawKey!, Readable.from([Buffer.from("Subject: replaced\r\n\r\nnothing attached\r\n")]), { contentType: "message/rfc822", maxBytes: 1000 });
    const data = await (await run(inboxPage.loader, get(inWestern("/inbound-mail"), "viewer"))).json();
    const expected = [
      { fileName: "site-plan.pdf", refused: null },
      { fileName: "run-me.exe", refused: expect.stringMatching(/./) },
    ];
    expect(data.list.rows.find((r: { id: number }) => r.id === id).attachments).toEqual(expected);
    const one = await (await run(messagePage.loader, get(inWestern(messagePath(id)), "viewer"), { id: String(id) })).json();
    expect(one.message.attachments).toEqual(expected);
  });

  it("an officer finds a stakeholder and records the message on them; choosing none is refused", async () => {
    const id = await strangerMessage("Gate on the northern paddock");
    const page = await (await run(messagePage.loader, get(inWestern(`${messagePath(id)}?find=margaret`), "officer"), { id: String(id) })).json();
    expect(page.canAct).toBe(true);
    expect(page.matches).toEqual([{ id: margaretId, name: "Margaret Ellis", email: "margaret.ellis@example.com.au" }]);

    const none = await postMessage(id, "officer", { intent: "accept", stakeholder: "existing" });
    expect(none.status).toBe(422);
    expect((await none.json()).fieldErrors).toEqual({ stakeholderId: "Choose the stakeholder to record it on, or create one" });
    expect((await statusOf(id)).status).toBe("review");

    const accepted = await postMessage(id, "officer", { intent: "accept", stakeholder: "existing", stakeholderId: String(margaretId), inboundMessageId: "999999" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe(messagePath(id));
    expect(await flashOf("officer")).toMatchObject({ kind: "success", title: "Message recorded" });
    expect((await statusOf(id)).status).toBe("recorded");
    const engagements = await sql<{ n: number }>("select count(*)::int as n from engagement where stakeholder_id = ? and subject = 'Gate on the northern paddock'", [margaretId]);
    expect(engagements[0]!.n).toBe(1);
    const documents = await sql<{ original_file_name: string }>("select original_file_name from document where stakeholder_id = ? and original_file_name = 'site-plan.pdf'", [margaretId]);
    expect(documents).toHaveLength(1);
    // Recorded: no accept or reject any more; a second accept is refused and changes nothing.
    expect((await (await run(messagePage.loader, get(inWestern(messagePath(id)), "officer"), { id: String(id) })).json()).canAct).toBe(false);
    expect((await postMessage(id, "officer", { intent: "accept", stakeholder: "existing", stakeholderId: String(margaretId) })).status).toBe(409);
  });

  it("creates a stakeholder from the sender and records on it", async () => {
    const id = await strangerMessage("New neighbour", address, { name: "Nina Neighbour", address: "nina@unknown-sender.example" });
    const response = await postMessage(id, "officer", { intent: "create", stakeholder: "new", newStakeholderName: "Nina Neighbour", newStakeholderEmail: "nina@unknown-sender.example" });
    expect(response.status).toBe(302);
    const [made] = await sql<{ id: number; email: string }>("select id, email from stakeholder where project_id = ? and name = 'Nina Neighbour'", [env.westernId]);
    expect(made!.email).toBe("nina@unknown-sender.example");
    expect((await statusOf(id)).status).toBe("recorded");
  });

  it("a viewer's accept and reject are 403 with nothing changed; an officer's reject deletes the message", async () => {
    const id = await strangerMessage("Cheap fencing offer");
    const files = storedFiles(env.dataDir).filter((f) => !f.endsWith(".meta")).length;
    expect((await postMessage(id, "viewer", { intent: "reject" })).status).toBe(403);
    expect((await postMessage(id, "viewer", { intent: "accept", stakeholder: "existing", stakeholderId: String(margaretId) })).status).toBe(403);
    expect((await statusOf(id)).status).toBe("review");
    const confirm = await (await run(messagePage.loader, get(inWestern(`${messagePath(id)}?reject=1`), "officer"), { id: String(id) })).json();
    expect(confirm.confirmingReject).toBe(true);
    const rejected = await postMessage(id, "officer", { intent: "reject" });
    expect(rejected.status).toBe(302);
    expect(rejected.headers.get("Location")).toBe("/inbound-mail");
    expect(await flashOf("officer")).toMatchObject({ kind: "success", title: "Message rejected" });
    expect(await statusOf(id)).toEqual({ status: "rejected", raw_key: null });
    expect(storedFiles(env.dataDir).filter((f) => !f.endsWith(".meta")).length).toBe(files - 1);
  });

  it("another client's message is 404 from a page and the /api, a non-member's project 403, with nothing changed", async () => {
    const access = await accessFor(await userFor("seed-second-owner"), env.secondProjectId);
    const foreignAddress = (await withRequestContext(() => projectInboundAddress(access))).address;
    const foreign = await strangerMessage("Coastal matter", foreignAddress);
    expect((await run(messagePage.loader, get(inWestern(messagePath(foreign)), "client_owner"), { id: String(foreign) })).status).toBe(404);
    expect((await postMessage(foreign, "client_owner", { intent: "reject" })).status).toBe(404);
    expect((await run(itemApi.loader, get(`/api/inbound-mail/${foreign}?projectId=${env.westernId}`, "client_owner"), { id: String(foreign) })).status).toBe(404);
    expect((await run(listApi.loader, get(`/api/inbound-mail?projectId=${env.secondProjectId}`, "client_owner"))).status).toBe(404);
    const reject = jsonRequest(`${BASE}/api/inbound-mail/${foreign}/reject`, cookie("client_owner"), "POST", { projectId: env.westernId });
    expect((await run(rejectApi.action, reject, { id: String(foreign) })).status).toBe(404);
    expect((await run(listApi.loader, get(`/api/inbound-mail?projectId=${env.northernId}`, "officer"))).status).toBe(403);
    expect((await statusOf(foreign)).status).toBe("review");
  });

  it("the /api twins list, read, accept and reject with the page forms' schemas", async () => {
    const keep = await strangerMessage("API keep");
    const drop = await strangerMessage("API drop");
    const list = await run(listApi.loader, get(`/api/inbound-mail?projectId=${env.westernId}&limit=1`, "viewer"));
    expect(list.status).toBe(200);
    expect(Number(list.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(2);
    expect(list.headers.get("Link")).toMatch(/rel="next"/);
    expect(await list.json()).toHaveLength(1);
    const one = await run(itemApi.loader, get(`/api/inbound-mail/${keep}?projectId=${env.westernId}`, "viewer"), { id: String(keep) });
    expect(await one.json()).toMatchObject({ id: keep, status: "review", subject: "API keep", text: expect.stringContaining("About API keep.") });

    const accept = (id: number, role: string, body: unknown, method = "POST") =>
      run(acceptApi.action, jsonRequest(`${BASE}/api/inbound-mail/${id}/accept`, cookie(role), method, { projectId: env.westernId, ...(body as object) }), { id: String(id) });
    expect((await accept(keep, "officer", { stakeholder: "existing" })).status).toBe(400);
    expect((await accept(keep, "viewer", { stakeholder: "existing", stakeholderId: margaretId })).status).toBe(403);
    expect((await accept(keep, "officer", {}, "PUT")).status).toBe(405);
    const ok = await accept(keep, "officer", { stakeholder: "existing", stakeholderId: margaretId });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: "Message recorded", inboundMessage: { id: keep, status: "recorded" } });

    const reject = (role: string) => run(rejectApi.action, jsonRequest(`${BASE}/api/inbound-mail/${drop}/reject`, cookie(role), "POST", { projectId: env.westernId }), { id: String(drop) });
    expect((await reject("viewer")).status).toBe(403);
    expect((await statusOf(drop)).status).toBe("review");
    expect(await (await reject("officer")).json()).toEqual({ message: "Message rejected" });
    expect((await statusOf(drop)).status).toBe("rejected");
  });
});
