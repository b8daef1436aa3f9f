import type { LoaderFunctionArgs } from "@remix-run/node";
import type { MikroORM } from "@mikro-orm/postgresql";
import { loader as documentsApi } from "../../app/routes/api.documents";
import { loader as engagementsApi } from "../../app/routes/api.engagements.$id";
import { loader as projectEngagementsApi } from "../../app/routes/api.engagements";
import { loader as projectsApi } from "../../app/routes/api.projects";
import { loader as propertiesApi } from "../../app/routes/api.properties";
import { loader as propertyDocumentsApi } from "../../app/routes/api.properties.$id.documents";
import { loader as propertyStakeholderIdsApi } from "../../app/routes/api.properties.$id.linked-stakeholder-ids";
import { loader as propertyStakeholdersApi } from "../../app/routes/api.properties.$id.stakeholders";
import { loader as stakeholdersApi } from "../../app/routes/api.stakeholders";
import { loader as stakeholderDocumentsApi } from "../../app/routes/api.stakeholders.$id.documents";
import { loader as stakeholderPropertyIdsApi } from "../../app/routes/api.stakeholders.$id.linked-property-ids";
import { loader as stakeholderPropertiesApi } from "../../app/routes/api.stakeholders.$id.properties";
import { loader as templatesApi } from "../../app/routes/api.templates";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, signedInRequest } from "./stakeholder-helpers";

/**
 * Every /api list call pages by default: at most 1,000 rows, the total in X-Total-Count, the next
 * page in a Link header, an empty array past the end, and 400 for a limit or offset that is not a
 * whole number. A project of 1,001 rows of each kind (inserted in bulk) shows the default cap.
 */
const ROWS = 1001;
const OWNER = "seed-client-owner";

let database: Awaited<ReturnType<typeof useTestDatabase>>;
let orm: MikroORM;
let project: number;
let stakeholder: number;
let property: number;
let projectsTotal: number;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  orm = database.orm;
  const [client] = await sql<{ id: number }>(`select client_id as id from "user" where id = ?`, [OWNER]);
  // More projects than one page for the client owner, who sees every project of the client.
  await sql(`insert into project (name, client_id, owner_id) select 'Paging ' || lpad(n::text, 4, '0'), ?, ? from generate_series(1, ?) n`, [client!.id, OWNER, ROWS]);
  [{ id: project }] = (await sql<{ id: number }>(`select id from project where name = 'Paging 0001'`)) as [{ id: number }];
  [{ n: projectsTotal }] = (await sql<{ n: number }>(`select count(*)::int as n from project where client_id = ? and is_active`, [client!.id])) as [{ n: number }];
  await sql(`insert into stakeholder (user_id, project_id, name) select ?, ?, 'Person ' || lpad(n::text, 4, '0') from generate_series(1, ?) n`, [OWNER, project, ROWS]);
  await sql(`insert into property (project_id, address) select ?, lpad(n::text, 4, '0') || ' Paging Road' from generate_series(1, ?) n`, [project, ROWS]);
  [{ id: stakeholder }] = (await sql<{ id: number }>(`select id from stakeholder where project_id = ? and name = 'Person 0001'`, [project])) as [{ id: number }];
  [{ id: property }] = (await sql<{ id: number }>(`select id from property where project_id = ? and address = '0001 Paging Road'`, [project])) as [{ id: number }];
  // The first stakeholder linked to every property, the first property to every stakeholder.
  await sql(
    `insert into stakeholder_property (stakeholder_id, property_id, project_id)
     select ?, id, ? from property where project_id = ?
     union all select id, ?, ? from stakeholder where project_id = ? and id <> ?`,
    [stakeholder, project, project, property, project, project, stakeholder],
  );
  await sql(`insert into engagement (project_id, stakeholder_id, user_id, type, subject) select ?, ?, ?, 'call', 'Call ' || n from generate_series(1, ?) n`, [project, stakeholder, OWNER, ROWS]);
  await sql(
    `insert into document (project_id, uploaded_by_id, original_file_name, mime_type, file_size, storage_key, stakeholder_id, property_id)
     select ?, ?, 'file-' || n || '.pdf', 'application/pdf', 10, 'projects/none/' || n, ?, ? from generate_series(1, ?) n`,
    [project, OWNER, stakeholder, property, ROWS],
  );
  await sql(
    `insert into template (project_id, uploaded_by_id, template_name, original_file_name, mime_type, file_size, storage_key)
     select ?, ?, 'Template ' || n, 'template-' || n || '.docx', 'application/octet-stream', 10, 'projects/none/t' || n from generate_series(1, ?) n`,
    [project, OWNER, ROWS],
  );
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

type Loader = (args: LoaderFunctionArgs) => Promise<Response> | Response;
interface ListCall {
  name: string;
  loader: Loader;
  path: () => string;
  params?: () => Record<string, string>;
  total: () => number;
}

const LISTS: ListCall[] = [
  { name: "GET /api/stakeholders", loader: stakeholdersApi, path: () => "/api/stakeholders", total: () => ROWS },
  { name: "GET /api/properties", loader: propertiesApi, path: () => "/api/properties", total: () => ROWS },
  { name: "GET /api/engagements/{stakeholderId}", loader: engagementsApi, path: () => `/api/engagements/${stakeholder}`, params: () => ({ id: String(stakeholder) }), total: () => ROWS },
  { name: "GET /api/engagements", loader: projectEngagementsApi, path: () => "/api/engagements", total: () => ROWS },
  { name: "GET /api/documents", loader: documentsApi, path: () => "/api/documents", total: () => ROWS },
  { name: "GET /api/templates", loader: templatesApi, path: () => "/api/templates", total: () => ROWS },
  { name: "GET /api/projects", loader: projectsApi, path: () => "/api/projects", total: () => projectsTotal },
  {
    name: "GET /api/properties/{id}/stakeholders",
    loader: propertyStakeholdersApi,
    path: () => `/api/properties/${property}/stakeholders`,
    params: () => ({ id: String(property) }),
    total: () => ROWS,
  },
  {
    name: "GET /api/stakeholders/{id}/properties",
    loader: stakeholderPropertiesApi,
    path: () => `/api/stakeholders/${stakeholder}/properties`,
    params: () => ({ id: String(stakeholder) }),
    total: () => ROWS,
  },
  {
    name: "GET /api/properties/{id}/linked-stakeholder-ids",
    loader: propertyStakeholderIdsApi,
    path: () => `/api/properties/${property}/linked-stakeholder-ids`,
    params: () => ({ id: String(property) }),
    total: () => ROWS,
  },
  {
    name: "GET /api/stakeholders/{id}/linked-property-ids",
    loader: stakeholderPropertyIdsApi,
    path: () => `/api/stakeholders/${stakeholder}/linked-property-ids`,
    params: () => ({ id: String(stakeholder) }),
    total: () => ROWS,
  },
  {
    name: "GET /api/properties/{id}/documents",
    loader: propertyDocumentsApi,
    path: () => `/api/properties/${property}/documents`,
    params: () => ({ id: String(property) }),
    total: () => ROWS,
  },
  {
    name: "GET /api/stakeholders/{id}/documents",
    loader: stakeholderDocumentsApi,
    path: () => `/api/stakeholders/${stakeholder}/documents`,
    params: () => ({ id: String(stakeholder) }),
    total: () => ROWS,
  },
];

async function get(list: ListCall, query: Record<string, string> = {}) {
  const search = new URLSearchParams({ projectId: String(project), ...query });
  const request = await signedInRequest(OWNER, `${list.path()}?${search}`);
  const response = await callRoute(async () => list.loader({ request, params: list.params?.() ?? {}, context: {} }));
  const body = (await response.json()) as unknown;
  return { status: response.status, body, total: response.headers.get("X-Total-Count"), link: response.headers.get("Link") };
}

/** The URL in a `Link: <url>; rel="next"` header. */
function nextUrl(link: string | null): URL | null {
  const match = link?.match(/^<([^>]+)>; rel="next"$/);
  return match ? new URL(match[1]!) : null;
}

describe.each(LISTS)("$name", (list) => {
  it("returns at most 1,000 rows by default, the total in X-Total-Count and the next page in Link", async () => {
    const first = await get(list);
    expect(first.status, JSON.stringify(first.body).slice(0, 200)).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(1000);
    expect(first.total).toBe(String(list.total()));
    const next = nextUrl(first.link);
    expect(next?.pathname).toBe(list.path());
    expect(next?.searchParams.get("offset")).toBe("1000");
    expect(next?.searchParams.get("projectId")).toBe(String(project));

    const rest = await get(list, Object.fromEntries([...next!.searchParams].filter(([key]) => key !== "projectId")));
    expect(rest.body).toHaveLength(list.total() - 1000);
    expect(rest.link).toBeNull();
    // The two pages together hold every row once.
    const key = (row: unknown) => JSON.stringify(row);
    expect(new Set([...(first.body as unknown[]), ...(rest.body as unknown[])].map(key)).size).toBe(list.total());
  });

  it("pages with limit and offset, keeping the limit in the next link; a limit over 1,000 gets 1,000", async () => {
    const page = await get(list, { limit: "10", offset: "20" });
    expect(page.body).toHaveLength(10);
    expect(page.total).toBe(String(list.total()));
    const next = nextUrl(page.link);
    expect([next?.searchParams.get("limit"), next?.searchParams.get("offset")]).toEqual(["10", "30"]);
    expect(await get(list, { limit: "5000" }).then((r) => (r.body as unknown[]).length)).toBe(1000);
  });

  it("answers an offset past the end, however large, with an empty array", async () => {
    for (const offset of [String(list.total()), "5000000000", "99999999999999999999999999"]) {
      const page = await get(list, { offset });
      expect(page.status, offset).toBe(200);
      expect(page.body).toEqual([]);
      expect(page.total).toBe(String(list.total()));
      expect(page.link).toBeNull();
    }
  });

  const BAD: Record<string, string>[] = [{ limit: "abc" }, { limit: "0" }, { limit: "-5" }, { limit: "1.5" }, { offset: "-1" }, { offset: "ten" }, { offset: "1e3" }];
  it.each(BAD)("refuses %o with 400", async (query) => {
    const page = await get(list, query);
    expect(page.status).toBe(400);
    expect((page.body as { message: string }).message).toMatch(/^(limit|offset) must be a whole number/);
  });
});
