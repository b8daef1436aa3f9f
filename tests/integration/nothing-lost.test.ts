import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { action as pageAction } from "../../app/routes/database-management";
import { action as restoreAction, loader as restoreLoader } from "../../app/routes/database-management_.restore-points.$id_.restore";
import { action as documentUpload } from "../../app/routes/api.documents.upload";
import { loader as documentDownload } from "../../app/routes/api.documents.$id.download";
import { action as templateUpload } from "../../app/routes/api.templates.upload";
import { loader as templateDownload } from "../../app/routes/api.templates.$id.download";
import { getObjectStore, LocalObjectStore, S3ObjectStore, setObjectStore, type ObjectStore } from "../../app/modules/storage/index.server";
import { OBJECT_SWEEP_LOCK, sweepOrphanObjects } from "../../app/modules/storage/orphans.server";
import { db, withRequestContext } from "../../db/orm";
import { withAdvisoryLock } from "../../db/sql.server";
import { auditRowsEventually } from "./support/audit";
import { freePort } from "./support/ports";
import { call, formRequest, multipartRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * Nothing lost (docs/operations.md#nothing-lost, docs/administration.md#restore-points), on the local
 * store and on S3 (s3rver): documents and templates uploaded, the project deleted from the Danger Zone,
 * the sweep run with every grace period behind it, the restore point restored from the screen, and
 * every row and every file back exactly. Also: the sweep against a database that knows none of the
 * bucket deletes nothing; one sweep at a time; a refused role and a changed dump change nothing.
 */
const env = useUploadTestEnvironment("nothing-lost");
const BASE = "http://localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => withRequestContext(() => db().getConnection().execute<T[]>(text, params));
const FUTURE = () => new Date(Date.now() + 60_000);

/** Tables of a project compared before and after, each row as PostgreSQL prints it. */
const SNAPSHOT: Record<string, string> = {
  project: `select t::text as r from project t where id = ? order by id`,
  project_membership: `select t::text as r from project_membership t where project_id = ? order by id`,
  stakeholder: `select t::text as r from stakeholder t where project_id = ? order by id`,
  property: `select t::text as r from property t where project_id = ? order by id`,
  stakeholder_property: `select t::text as r from stakeholder_property t where project_id = ? order by 1`,
  engagement: `select t::text as r from engagement t where project_id = ? order by id`,
  document: `select t::text as r from document t where project_id = ? order by id`,
  template: `select t::text as r from template t where project_id = ? order by id`,
  stakeholder_link_count: `select t::text as r from stakeholder_link_count t where project_id = ? order by 1`,
  grievance: `select t::text as r from grievance t where project_id = ? order by id`,
  grievance_event: `select t::text as r from grievance_event t where grievance_id in (select id from grievance where project_id = ?) order by id`,
  commitment: `select t::text as r from commitment t where project_id = ? order by id`,
  commitment_stakeholder: `select t::text as r from commitment_stakeholder t where project_id = ? order by id`,
  commitment_property: `select t::text as r from commitment_property t where project_id = ? order by id`,
};

/** The grievance register and commitments of a project: a grievance with its timeline, a commitment linked to a stakeholder and a property. */
async function seedGrievanceAndCommitment(projectId: number) {
  const [stakeholder] = await sql<{ id: number }>(`insert into stakeholder (project_id, user_id, name) values (?, 'seed-client-owner', 'Complainant') returning id`, [projectId]);
  const [property] = await sql<{ id: number }>(`insert into property (project_id, address) values (?, '12 Fence Line Rd') returning id`, [projectId]);
  const [grievance] = await sql<{ id: number }>(
    `insert into grievance (project_id, reference, received_at, channel, complainant_kind, stakeholder_id, property_id, category, severity, description, owner_id, stage, acknowledge_by, resolve_by)
     values (?, 'G-' || (select count(*) + 1001 from grievance where project_id = ?), '2026-11-20 23:30:00+00', 'phone', 'stakeholder', ?, ?, 'gates_fences', 'high', 'Gate left open, stock out', 'seed-client-owner', 'acknowledged', '2026-11-25', '2026-12-19') returning id`,
    [projectId, projectId, stakeholder!.id, property!.id],
  );
  await sql(`insert into grievance_event (grievance_id, by_id, kind, to_stage) values (?, 'seed-client-owner', 'created', 'received'), (?, 'seed-client-owner', 'stage', 'acknowledged')`, [
    grievance!.id,
    grievance!.id,
  ]);
  const [commitment] = await sql<{ id: number }>(
    `insert into commitment (project_id, description, promised_on, due_date, owner_id) values (?, 'Fix the fence before lambing', '2026-11-20', '2027-01-15', 'seed-client-owner') returning id`,
    [projectId],
  );
  await sql(`insert into commitment_stakeholder (commitment_id, stakeholder_id, project_id) values (?, ?, ?)`, [commitment!.id, stakeholder!.id, projectId]);
  await sql(`insert into commitment_property (commitment_id, property_id, project_id) values (?, ?, ?)`, [commitment!.id, property!.id, projectId]);
}

const REGISTER_TABLES = ["grievance", "grievance_event", "commitment", "commitment_stakeholder", "commitment_property"] as const;

async function snapshot(projectId: number) {
  const out: Record<string, string[]> = {};
  for (const [table, query] of Object.entries(SNAPSHOT)) out[table] = (await sql<{ r: string }>(query, [projectId])).map((row) => row.r);
  return out;
}

const randomPdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(size)]);

async function uploadDocument(projectId: number, name: string, body: Buffer) {
  const request = multipartRequest(`${BASE}/api/documents/upload?projectId=${projectId}`, env.cookies.client_owner!, [], { filename: name, body, type: "application/pdf" });
  const response = await call(() => documentUpload(args(request) as never) as Promise<Response>);
  expect(response.status, name).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function uploadTemplate(projectId: number, name: string, body: Buffer) {
  const request = multipartRequest(
    `${BASE}/api/templates/upload`,
    env.cookies.client_owner!,
    [
      ["projectId", String(projectId)],
      ["templateName", name],
    ],
    {
      filename: `${name}.pdf`,
      body,
      type: "application/pdf",
    },
  );
  const response = await call(() => templateUpload(args(request) as never) as Promise<Response>);
  expect(response.status, name).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function downloaded(kind: "document" | "template", id: number, projectId: number) {
  const url = `${BASE}/api/${kind}s/${id}/download?projectId=${projectId}`;
  const fn = kind === "document" ? documentDownload : templateDownload;
  const response = await call(() => fn(args(new Request(url, { headers: { Cookie: env.cookies.client_owner! } }), { id: String(id) }) as never) as Promise<Response>);
  expect(response.status, `${kind} ${id}`).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const restoreUrl = (id: number) => `${BASE}/database-management/restore-points/${id}/restore`;
const restore = (id: number, role: string, confirmation: string) =>
  call(() => restoreAction(args(formRequest(restoreUrl(id), env.cookies[role]!, { confirmation }), { id: String(id) }) as never) as Promise<Response>);

async function deleteProjectFromDangerZone(projectId: number) {
  const response = await call(() =>
    pageAction(
      args(formRequest(`${BASE}/database-management?projectId=${projectId}`, env.cookies.client_owner!, { intent: "danger", action: "delete-project", confirmation: "DELETE_PROJECT" })) as never,
    ),
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  expect(await sql("select id from project where id = ?", [projectId])).toEqual([]);
  const [point] = await sql<{ id: number }>("select id from restore_point where project_id = ? order by id desc limit 1", [projectId]);
  return point!.id;
}

let s3rver: { run(): Promise<unknown>; close(): Promise<unknown> };
let s3Dir: string;
let s3Port: number;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-nothing-lost-s3-"));
  s3Port = await freePort();
  s3rver = new S3rver({ port: s3Port, address: "127.0.0.1", silent: true, directory: s3Dir });
  await s3rver.run();
});

afterAll(async () => {
  setObjectStore(null);
  await s3rver?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const stores: [string, () => ObjectStore, () => number][] = [
  ["the local store", () => new LocalObjectStore(path.join(env.dataDir, "objects-local")), () => env.westernId],
  [
    "S3 (s3rver)",
    () => new S3ObjectStore({ endPoint: "127.0.0.1", port: s3Port, useSSL: false, accessKey: "S3RVER", secretKey: "S3RVER", bucket: "lr-nothing-lost", region: "us-east-1" }),
    () => env.northernId,
  ],
];

describe.each(stores)("on %s", (_name, makeStore, project) => {
  let projectId: number;
  const files = new Map<string, { kind: "document" | "template"; id: number; bytes: Buffer }>();

  beforeAll(async () => {
    setObjectStore(makeStore());
    projectId = project();
    // A project of known size: 2,000 more stakeholders, 25 documents and 2 templates.
    await sql(`insert into stakeholder (project_id, user_id, name, email) select ?, 'seed-client-owner', 'Bulk Stakeholder ' || n, 'bulk' || n || '@example.com' from generate_series(1, 2000) n`, [
      projectId,
    ]);
    await seedGrievanceAndCommitment(projectId);
    for (let i = 0; i < 25; i++) {
      const bytes = randomPdf(20_000 + i * 4_000);
      files.set(`doc-${i}`, { kind: "document", id: await uploadDocument(projectId, `record-${i}.pdf`, bytes), bytes });
    }
    for (let i = 0; i < 2; i++) {
      const bytes = randomPdf(30_000);
      files.set(`tpl-${i}`, { kind: "template", id: await uploadTemplate(projectId, `Letter ${i}`, bytes), bytes });
    }
  });

  it("a deleted project comes back from its restore point after the sweep, every row and file exactly", async () => {
    const before = await snapshot(projectId);
    for (const table of REGISTER_TABLES) expect(before[table], table).not.toEqual([]);
    const [{ name: projectName }] = (await sql<{ name: string }>("select name from project where id = ?", [projectId])) as [{ name: string }];
    const keys = (await sql<{ storage_key: string }>("select storage_key from document where project_id = ? union select storage_key from template where project_id = ?", [projectId, projectId])).map(
      (r) => r.storage_key,
    );
    expect(keys.length).toBe(27);

    const pointId = await deleteProjectFromDangerZone(projectId);
    // The project's grievances, their timelines and its commitments went with it (foreign keys cascade).
    expect(Object.values(await snapshot(projectId)).flat()).toEqual([]);
    const released = (await sql<{ storage_key: string }>("select storage_key from released_object")).map((r) => r.storage_key);
    expect(released).toEqual(expect.arrayContaining(keys));

    // Every grace period behind it: the restore point still pins the files, so nothing of them goes.
    const swept = await withRequestContext(() => sweepOrphanObjects({ olderThan: FUTURE() }));
    expect(swept).toMatchObject({ skipped: false, refused: false, orphans: 0, released: 0 });
    const pinned = await withRequestContext(() => sweepOrphanObjects({ olderThan: FUTURE(), releasedBefore: FUTURE() }));
    expect(pinned).toMatchObject({ skipped: false, refused: false, released: 0 });
    for (const key of keys) expect(await getObjectStore().exists(key), key).toBe(true);

    // The confirmation step is its own URL; a wrong name changes nothing.
    const page = await call(() => restoreLoader(args(new Request(restoreUrl(pointId), { headers: { Cookie: env.cookies.client_owner! } }), { id: String(pointId) }) as never) as Promise<Response>);
    expect(await page.json()).toMatchObject({ point: { id: pointId, projectId, projectName, projectExists: false, restorable: true } });
    const wrong = await restore(pointId, "client_owner", "not the name");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fieldErrors: { confirmation: `Invalid Confirmation: Please type the project name "${projectName}" to confirm` } });
    expect(await sql("select id from project where id = ?", [projectId])).toEqual([]);

    const started = performance.now();
    const response = await restore(pointId, "client_owner", projectName);
    const ms = performance.now() - started;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/database-management?projectId=${projectId}`);
    const bytes = [...files.values()].reduce((n, f) => n + f.bytes.length, 0);

    expect(await snapshot(projectId)).toEqual(before);
    for (const [name, file] of files) expect((await downloaded(file.kind, file.id, projectId)).equals(file.bytes), name).toBe(true);
    const [audit] = await sql<{ action: string; after: { rows: number; files: number; missingFiles: number } }>(
      "select action, after from audit_log where action = 'database.restore' and entity_id = ? order by id desc limit 1",
      [String(projectId)],
    );
    expect(audit).toMatchObject({ action: "database.restore", after: { files: 27, missingFiles: 0 } });
    // The figure for docs/operations.md#nothing-lost (printed, not asserted: it depends on the machine).
    process.stdout.write(`restore round trip (${_name}): ${Math.round(ms)} ms for ${audit!.after.rows} rows, ${files.size} files, ${bytes} bytes\n`);

    // Restored rows name the files again: the oldest releases no longer free them.
    await withRequestContext(() => sweepOrphanObjects({ olderThan: FUTURE(), releasedBefore: FUTURE() }));
    for (const key of keys) expect(await getObjectStore().exists(key), key).toBe(true);
  });

  it("a sweep against a database that knows none of a full bucket deletes nothing", async () => {
    const keys = (await sql<{ storage_key: string }>("select storage_key from document where project_id = ?", [projectId])).map((r) => r.storage_key);
    expect(keys.length).toBeGreaterThan(20);
    // An empty database, seen from the sweep: every table that names a file emptied in a transaction that is rolled back.
    const result = await withRequestContext(() =>
      db()
        .transactional(async (em) => {
          for (const table of ["restore_point", "import_workbook", "template", "document", "released_object"])
            await em.getConnection().execute(`delete from ${table}`, [], "run", em.getTransactionContext());
          const outcome = await sweepOrphanObjects({ olderThan: FUTURE(), releasedBefore: FUTURE() });
          throw Object.assign(new Error("roll back"), { outcome });
        })
        .catch((error: { outcome?: unknown }) => error.outcome),
    );
    expect(result).toMatchObject({ skipped: false, refused: true, orphans: 0, released: 0 });
    for (const key of keys) expect(await getObjectStore().exists(key), key).toBe(true);
  });

  it("runs one sweep at a time: another holder of the lock makes it skip", async () => {
    const inner = await withAdvisoryLock(OBJECT_SWEEP_LOCK, () => withRequestContext(() => sweepOrphanObjects({ olderThan: FUTURE() })));
    expect(inner).toEqual({ ran: true, value: expect.objectContaining({ skipped: true }) });
  });

  it("refuses a role without the Danger Zone (403, audited) and a changed dump, changing nothing", async () => {
    const [{ name: projectName }] = (await sql<{ name: string }>("select name from project where id = ?", [projectId])) as [{ name: string }];
    const pointId = await deleteProjectFromDangerZone(projectId);
    // The project's grievances, their timelines and its commitments went with it (foreign keys cascade).
    expect(Object.values(await snapshot(projectId)).flat()).toEqual([]);

    // Another client's owner does not learn that the point exists.
    expect((await restore(pointId, "second_owner", projectName)).status).toBe(404);
    const refused = await restore(pointId, "director", projectName);
    expect(refused.status).toBe(403);
    expect(await auditRowsEventually(`action = 'access.refused' and entity_type = 'RestorePoint' and entity_id = '${pointId}' and user_id = 'seed-director'`, 1)).toBe(1);
    expect(await sql("select id from project where id = ?", [projectId])).toEqual([]);

    // The file in the store changed by one statement: refused before anything runs.
    const [{ storage_key: key }] = (await sql<{ storage_key: string }>("select storage_key from restore_point where id = ?", [pointId])) as [{ storage_key: string }];
    const object = await getObjectStore().get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(Buffer.from(chunk));
    const original = Buffer.concat(chunks).toString("utf8");
    const tampered = original.replace("\nCOMMIT;\n", `\nUPDATE "client" SET "name" = 'Taken';\nCOMMIT;\n`);
    await getObjectStore().put(key, Readable.from([Buffer.from(tampered)]), { contentType: "application/sql", maxBytes: 1e9 });
    const clients = await sql("select id, name from client order by id");
    const response = await restore(pointId, "client_owner", projectName);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ fieldErrors: { _form: "The restore point's file has changed since it was saved, so nothing was restored" } });
    expect(await sql("select id from project where id = ?", [projectId])).toEqual([]);
    expect(await sql("select id, name from client order by id")).toEqual(clients);

    // Even with a matching checksum, a statement the dump never writes is refused and nothing is kept.
    await sql("update restore_point set sha256 = ? where id = ?", [crypto.createHash("sha256").update(tampered).digest("hex"), pointId]);
    const invalid = await restore(pointId, "client_owner", projectName);
    expect(invalid.status).toBe(422);
    expect(await sql("select id from project where id = ?", [projectId])).toEqual([]);
    expect(await sql("select id, name from client order by id")).toEqual(clients);

    // The untouched file restores.
    await getObjectStore().put(key, Readable.from([Buffer.from(original)]), { contentType: "application/sql", maxBytes: 1e9 });
    await sql("update restore_point set sha256 = ? where id = ?", [crypto.createHash("sha256").update(original).digest("hex"), pointId]);
    expect((await restore(pointId, "client_owner", projectName)).status).toBe(302);
    expect(await sql("select name from project where id = ?", [projectId])).toEqual([{ name: projectName }]);
  });
});

describe("a restore over a project that still exists", () => {
  beforeAll(() => setObjectStore(new LocalObjectStore(path.join(env.dataDir, "objects-existing"))));

  it("replaces its rows with the point's, keeps its activity log and sequences, and touches no other project", async () => {
    const projectId = env.westernId;
    const others = [env.northernId, env.secondProjectId];
    await sql(`insert into stakeholder (project_id, user_id, name) select ?, 'seed-client-owner', 'Before Reset ' || n from generate_series(1, 50) n`, [projectId]);
    await seedGrievanceAndCommitment(projectId);
    const docId = await uploadDocument(projectId, "kept.pdf", randomPdf(10_000));
    const before = await snapshot(projectId);
    for (const table of REGISTER_TABLES) expect(before[table], table).not.toEqual([]);
    const othersBefore = await Promise.all(others.map((id) => snapshot(id)));
    const clientsBefore = await sql("select t::text from client t order by id");

    const reset = await call(() =>
      pageAction(
        args(formRequest(`${BASE}/database-management?projectId=${projectId}`, env.cookies.client_owner!, { intent: "danger", action: "reset-project", confirmation: "DELETE_RESET" })) as never,
      ),
    );
    expect(reset.status).toBe(302);
    // Reset deletes every record, the grievance register and commitments too (docs/administration.md#danger-zone).
    for (const table of REGISTER_TABLES) expect((await snapshot(projectId))[table], table).toEqual([]);
    const [{ id: pointId }] = (await sql<{ id: number }>("select id from restore_point where project_id = ? order by id desc limit 1", [projectId])) as [{ id: number }];
    const [{ n: resetAudits }] = (await sql<{ n: number }>("select count(*)::int as n from audit_log where project_id = ?", [projectId])) as [{ n: number }];
    // Work done after the point is replaced by the point's rows.
    await sql(`insert into stakeholder (project_id, user_id, name) values (?, 'seed-client-owner', 'Added After')`, [projectId]);
    const [{ last: stakeholderSeq }] = (await sql<{ last: string }>("select last_value::text as last from stakeholder_id_seq")) as [{ last: string }];

    const [{ name }] = (await sql<{ name: string }>("select name from project where id = ?", [projectId])) as [{ name: string }];
    expect((await restore(pointId, "system_admin", name)).status).toBe(302);
    // The state it replaced was saved first, as its own restore point: the restore can itself be undone.
    const [saved] = await sql<{ id: number; reason: string }>("select id, reason from restore_point where project_id = ? order by id desc limit 1", [projectId]);
    expect(saved).toMatchObject({ reason: "restore" });
    expect(saved!.id).toBeGreaterThan(pointId);
    const [restoreAudit] = await sql<{ before: { savedRestorePointId: number } }>("select before from audit_log where action = 'database.restore' order by id desc limit 1");
    expect(restoreAudit!.before.savedRestorePointId).toBe(saved!.id);

    expect(await snapshot(projectId)).toEqual(before);
    expect(await Promise.all(others.map((id) => snapshot(id)))).toEqual(othersBefore);
    expect(await sql("select t::text from client t order by id")).toEqual(clientsBefore);
    // The activity log keeps every row of the project (the restore's own added), and ids are never handed out twice.
    const [{ n: audits }] = (await sql<{ n: number }>("select count(*)::int as n from audit_log where project_id = ?", [projectId])) as [{ n: number }];
    expect(audits).toBeGreaterThan(resetAudits);
    const [{ last: after }] = (await sql<{ last: string }>("select last_value::text as last from stakeholder_id_seq")) as [{ last: string }];
    expect(Number(after)).toBeGreaterThanOrEqual(Number(stakeholderSeq));
    expect((await downloaded("document", docId, projectId)).subarray(0, 8).toString()).toBe("%PDF-1.4");
  });
});
