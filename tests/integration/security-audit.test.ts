import { action as stakeholderApi } from "../../app/routes/api.stakeholders.$id";
import { loader as stakeholdersApi } from "../../app/routes/api.stakeholders";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, projectId, signedInRequest, stakeholderIdByName } from "./stakeholder-helpers";

/** Refused accesses are written to the audit log, and the row survives the error the request ends with. */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
});

afterAll(async () => {
  await database?.drop();
});

interface RefusalRow {
  user_id: string;
  client_id: number | null;
  entity_type: string;
  entity_id: string;
  after: { status: number; reason: string };
}

/** The refusal is written on its own connection, just after the response is decided. */
async function refusalsOf(userId: string, expected: number): Promise<RefusalRow[]> {
  const sql = () =>
    database.orm.em
      .getConnection()
      .execute<RefusalRow[]>("select user_id, client_id, entity_type, entity_id, after from audit_log where action = 'access.refused' and user_id = ? order by id", [userId]);
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = await sql();
    if (rows.length >= expected) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return sql();
}

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

it("another client's project: 404 for the caller, audited as what it really was", async () => {
  const request = await signedInRequest("seed-officer", `/api/stakeholders?projectId=${coastal}`);
  const response = await callRoute(async () => (stakeholdersApi as RouteFn)({ request, params: {}, context: {} }));
  expect(response.status).toBe(404);
  const [row] = await refusalsOf("seed-officer", 1);
  expect(row).toMatchObject({ user_id: "seed-officer", entity_type: "Project", entity_id: String(coastal), after: { status: 404, reason: "another client's project" } });
  expect(row!.client_id).not.toBeNull();
});

it("a write the role does not allow: 403, audited with the role and the permission", async () => {
  const id = await stakeholderIdByName("Margaret Ellis");
  const request = await signedInRequest("seed-viewer", `/api/stakeholders/${id}?projectId=${western}`, { method: "DELETE", headers: { Origin: "http://localhost" } });
  const response = await callRoute(async () => (stakeholderApi as RouteFn)({ request, params: { id: String(id) }, context: {} }));
  expect(response.status).toBe(403);
  const rows = await refusalsOf("seed-viewer", 1);
  expect(rows.at(-1)).toMatchObject({ entity_type: "Project", entity_id: String(western), after: { status: 403, reason: "role viewer lacks deleteData" } });
});
