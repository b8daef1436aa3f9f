import { APP_DIR, remixRoutes } from "./support/route-manifest";
import { commitSession, getSession } from "../../app/modules/auth/session.server";
import { createRestorePoint } from "../../app/modules/database-management/restore-points.server";
import type { Role } from "../../app/modules/permissions/permissions";
import { getOrm, withRequestContext } from "../../db/orm";
import { accessFor, userFor } from "./stakeholder-helpers";
import { call, formRequest, jsonRequest, multipartRequest, PDF, useUploadTestEnvironment } from "./support/uploads";

/**
 * Every refusal goes through one door (app/modules/access/refuse.server.ts, docs/access.md): this lists
 * every route file and, for each loader and action of a guarded route, makes a request as a user who
 * must be refused, then checks the answer (403, or 404 for another client's record) and the
 * `access.refused` row in the audit log. The route files are read the way Remix reads them, so a new
 * route fails here until it is either probed below or named in UNGUARDED with the reason.
 */
const env = useUploadTestEnvironment("access-refusals");
const BASE = "http://localhost:3000";

type Who = Role | "second_owner";
const USER_ID: Record<Who, string> = {
  system_admin: "seed-system-admin",
  client_owner: "seed-client-owner",
  director: "seed-director",
  project_manager: "seed-project-manager",
  officer: "seed-officer",
  viewer: "seed-viewer",
  second_owner: "seed-second-owner",
};

type Body = { json: unknown } | { form: Record<string, string> } | "multipart";

interface Probe {
  fn: "loader" | "action";
  as: Who;
  /** The URL path and query; a function reads ids set up in beforeAll. */
  path: () => string;
  method?: string;
  params?: () => Record<string, string>;
  /** A well-formed body, so that nothing but the refusal can answer (a function reads ids set up in beforeAll). */
  body?: Body | (() => Body);
  /** The answer's status (403, 404; a form's own status where the page shows the refusal in it). */
  status: number;
  /** The status the audit row records, when it differs from the answer's. */
  audited?: 403 | 404;
  /** A cookie other than the user's signed-in one (a session carrying state). */
  cookie?: () => Promise<string>;
}

/** Routes nobody can be refused: public, or open to every signed-in user. */
const UNGUARDED: Record<string, string> = {
  "$.tsx": "the not-found page",
  "api.callback.ts": "the identity provider's return (public)",
  "api.login.ts": "sign-in (public)",
  "api.logout.tsx": "sign-out (public)",
  "api.stripe.webhook.ts": "signed by the payment provider, no user",
  "api.auth.user.ts": "the signed-in user's own profile",
  "api.auth.user_.picture.ts": "the signed-in user's own profile picture",
  "documentation.tsx": "the documentation centre's list, open to every signed-in user (restricted documents are refused where they open)",
  "grievance-form.$token.tsx": "the public grievance form: no sign-in, the unguessable token in its address is the authority (unknown or turned off: 404)",
};

/** Another client's project (the officer is a member of the demo client's projects only). */
const other = () => `projectId=${env.secondProjectId}`;
const western = () => `projectId=${env.westernId}`;
const otherClientPage = (path: string, fn: "loader" | "action" = "loader"): Probe =>
  fn === "loader"
    ? { fn, as: "officer", path: () => `${path}${path.includes("?") ? "&" : "?"}${other()}`, status: 404 }
    : { fn, as: "officer", path: () => `${path}${path.includes("?") ? "&" : "?"}${other()}`, body: { form: { intent: "probe" } }, status: 404 };
const otherClientApi = (path: string, method = "GET", extra: Partial<Probe> = {}): Probe => ({
  fn: method === "GET" ? "loader" : "action",
  as: "officer",
  path: () => `${path}${path.includes("?") ? "&" : "?"}${other()}`,
  method,
  params: () => ({ id: "1" }),
  body: method === "GET" || method === "DELETE" ? undefined : { json: {} },
  status: 404,
  ...extra,
});
const systemOnly = (path: string, fn: "loader" | "action", as: Who = "director", extra: Partial<Probe> = {}): Probe => ({
  fn,
  as,
  path: () => path,
  method: fn === "loader" ? "GET" : "POST",
  body: fn === "loader" ? undefined : { json: {} },
  status: 403,
  ...extra,
});
const databaseScreen = (path: string, method: string): Probe => ({ fn: "action", as: "officer", path: () => `${path}?${western()}`, method, body: { json: { confirmation: "NOPE" } }, status: 403 });
const restrictedDoc = (path: string): Probe => ({ fn: "loader", as: "client_owner", path: () => path, params: () => ({ docType: "system-architecture" }), status: 403 });
const phases = (path: string, fn: "loader" | "action"): Probe => ({
  fn,
  as: "officer",
  path: () => path.replace("$id", String(env.secondProjectId)),
  params: () => ({ id: String(env.secondProjectId) }),
  ...(fn === "action" ? { body: { form: { intent: "probe" } } } : {}),
  status: 404,
});

let restorePointId = 0;

const PROBES: Record<string, Probe[]> = {
  "_index.tsx": [
    otherClientPage("/"),
    // Choosing another client's project is refused (and audited); the dashboard says so in its form.
    { fn: "action", as: "officer", path: () => "/", body: () => ({ form: { projectId: String(env.secondProjectId) } }), status: 422, audited: 404 },
  ],
  "api.auth.switch-to-system-admin.ts": [systemOnly("/api/auth/switch-to-system-admin", "action")],
  "api.client.all.ts": [systemOnly("/api/client/all", "loader")],
  "api.client.create.ts": [systemOnly("/api/client/create", "action", "director", { body: { json: { organizationName: "Refused Ltd" } } })],
  "api.client.grant-free-month.$id.ts": [systemOnly("/api/client/grant-free-month/1", "action", "director", { params: () => ({ id: String(env.demoClientId) }) })],
  "api.client.migrate-project.$projectId.ts": [
    systemOnly("/api/client/migrate-project/1", "action", "director", { params: () => ({ projectId: String(env.westernId) }), body: () => ({ json: { targetClientId: env.demoClientId } }) }),
  ],
  "api.client.subscription.ts": [systemOnly("/api/client/subscription", "loader")],
  "api.commitments.$id.status.ts": [otherClientApi("/api/commitments/1/status", "POST")],
  "api.commitments.$id.ts": [otherClientApi("/api/commitments/1"), otherClientApi("/api/commitments/1", "PUT"), otherClientApi("/api/commitments/1", "DELETE")],
  "api.commitments.ts": [otherClientApi("/api/commitments"), otherClientApi("/api/commitments", "POST")],
  "api.create-subscription.ts": [systemOnly("/api/create-subscription", "action", "director", { body: { json: { plan: "professional" } } })],
  "api.database.delete-all-engagements.ts": [databaseScreen("/api/database/delete-all-engagements", "DELETE")],
  "api.database.delete-all-properties.ts": [databaseScreen("/api/database/delete-all-properties", "DELETE")],
  "api.database.delete-all-stakeholders.ts": [databaseScreen("/api/database/delete-all-stakeholders", "DELETE")],
  "api.database.delete-project.ts": [databaseScreen("/api/database/delete-project", "DELETE")],
  "api.database.reset-project.ts": [databaseScreen("/api/database/reset-project", "DELETE")],
  "api.database.normalize-text.ts": [{ ...databaseScreen("/api/database/normalize-text", "POST"), body: { json: { dataType: "all" } } }],
  "api.database.stats.ts": [{ fn: "loader", as: "officer", path: () => `/api/database/stats?${western()}`, status: 403 }],
  "api.database.export.ts": [{ fn: "loader", as: "officer", path: () => `/api/database/export?${western()}`, status: 403 }],
  "api.documentation.content.$docType.ts": [restrictedDoc("/api/documentation/content/system-architecture")],
  "api.documentation.download-pdf.$docType.ts": [restrictedDoc("/api/documentation/download-pdf/system-architecture")],
  "api.documentation.download.$docType.ts": [restrictedDoc("/api/documentation/download/system-architecture")],
  "api.documentation.download-word.$docType.ts": [{ ...restrictedDoc("/api/documentation/download-word/sales-materials"), params: () => ({ docType: "sales-materials" }) }],
  "api.documents.$id.download.ts": [otherClientApi("/api/documents/1/download")],
  "api.documents.$id.preview.ts": [otherClientApi("/api/documents/1/preview")],
  "api.documents.$id.ts": [otherClientApi("/api/documents/1"), otherClientApi("/api/documents/1", "PATCH")],
  "api.documents.stats.ts": [otherClientApi("/api/documents/stats")],
  "api.documents.ts": [otherClientApi("/api/documents")],
  "api.documents.upload.ts": [otherClientApi("/api/documents/upload", "POST", { body: "multipart" })],
  "api.engagements.$id.ts": [otherClientApi("/api/engagements/1"), otherClientApi("/api/engagements/1", "DELETE")],
  "api.engagements.ts": [otherClientApi("/api/engagements"), otherClientApi("/api/engagements", "POST")],
  "api.grievances.$id.stage.ts": [otherClientApi("/api/grievances/1/stage", "POST")],
  "api.grievances.$id.engagements.ts": [otherClientApi("/api/grievances/1/engagements", "POST"), otherClientApi("/api/grievances/1/engagements", "DELETE")],
  "api.grievances.$id.documents.ts": [otherClientApi("/api/grievances/1/documents", "POST"), otherClientApi("/api/grievances/1/documents", "DELETE")],
  "api.grievances.$id.ts": [otherClientApi("/api/grievances/1"), otherClientApi("/api/grievances/1", "PUT"), otherClientApi("/api/grievances/1", "DELETE")],
  "api.grievances.ts": [otherClientApi("/api/grievances"), otherClientApi("/api/grievances", "POST")],
  "api.affected-areas.ts": [otherClientApi("/api/affected-areas"), otherClientApi("/api/affected-areas", "POST", { body: "multipart" })],
  "api.affected-areas.$id.ts": [otherClientApi("/api/affected-areas/1"), otherClientApi("/api/affected-areas/1", "DELETE")],
  "api.grievances.figures.ts": [otherClientApi("/api/grievances/figures")],
  "api.grievances.figures[.]xlsx.ts": [otherClientApi("/api/grievances/figures.xlsx")],
  "api.reports.summary.ts": [otherClientApi("/api/reports/summary")],
  "api.reports.pack.ts": [otherClientApi("/api/reports/pack", "POST")],
  "api.reports.schedule.ts": [otherClientApi("/api/reports/schedule"), otherClientApi("/api/reports/schedule", "POST")],
  "api.parcels.ts": [otherClientApi("/api/parcels")],
  "api.parcels.export.ts": [otherClientApi("/api/parcels/export?format=geojson")],
  "api.export.excel.ts": [otherClientApi("/api/export/excel", "POST")],
  "api.extract-pdf-fields.ts": [{ fn: "action", as: "viewer", path: () => "/api/extract-pdf-fields", body: "multipart", status: 403 }],
  "api.file.import.ts": [otherClientApi("/api/file/import", "POST")],
  "api.file.parse.ts": [otherClientApi("/api/file/parse", "POST", { body: "multipart" })],
  "api.file.parse-sheet.ts": [otherClientApi("/api/file/parse-sheet", "POST")],
  "api.projects.$id.closure.ts": [phases("/api/projects/$id/closure", "action")],
  "api.projects.$id.grievance-clock.ts": [
    phases("/api/projects/$id/grievance-clock", "loader"),
    { ...phases("/api/projects/$id/grievance-clock", "action"), method: "PUT", body: { json: { grievanceJurisdiction: "VIC" } } },
  ],
  "api.projects.$id.inbound-mail.ts": [
    phases("/api/projects/$id/inbound-mail", "loader"),
    { ...phases("/api/projects/$id/inbound-mail", "action"), method: "PUT", body: { json: { allowedDomains: "farm.example.com" } } },
  ],
  "api.inbound-mail.ts": [otherClientApi("/api/inbound-mail")],
  "api.inbound-mail.$id.ts": [otherClientApi("/api/inbound-mail/1")],
  "api.inbound-mail.$id.accept.ts": [otherClientApi("/api/inbound-mail/1/accept", "POST", { body: { json: { stakeholder: "existing", stakeholderId: 1 } } })],
  "api.inbound-mail.$id.reject.ts": [otherClientApi("/api/inbound-mail/1/reject", "POST")],
  "api.projects.$id.planning.ts": [phases("/api/projects/$id/planning", "action")],
  "api.projects.$id.ts": [phases("/api/projects/$id", "loader")],
  "api.projects.all.ts": [systemOnly("/api/projects/all", "loader")],
  // GET lists the projects the user may open (nothing to refuse); POST needs createProjects.
  "api.projects.ts": [systemOnly("/api/projects", "action", "viewer", { body: { json: { projectTitle: "Refused" } } })],
  "api.properties.$id.documents.ts": [otherClientApi("/api/properties/1/documents")],
  "api.properties.$id.linked-stakeholder-ids.ts": [otherClientApi("/api/properties/1/linked-stakeholder-ids")],
  "api.properties.$id.stakeholders.ts": [otherClientApi("/api/properties/1/stakeholders")],
  "api.properties.$id.ts": [otherClientApi("/api/properties/1"), otherClientApi("/api/properties/1", "PATCH")],
  "api.properties.link-stakeholders.ts": [otherClientApi("/api/properties/link-stakeholders", "POST"), otherClientApi("/api/properties/link-stakeholders", "DELETE")],
  "api.properties.ts": [otherClientApi("/api/properties"), otherClientApi("/api/properties", "POST")],
  "api.resolve-duplicates.ts": [otherClientApi("/api/resolve-duplicates", "POST")],
  "api.resolve-parcels.ts": [otherClientApi("/api/resolve-parcels", "POST")],
  "api.stakeholders.$id.documents.ts": [otherClientApi("/api/stakeholders/1/documents")],
  "api.stakeholders.$id.linked-property-ids.ts": [otherClientApi("/api/stakeholders/1/linked-property-ids")],
  "api.stakeholders.$id.properties.ts": [otherClientApi("/api/stakeholders/1/properties")],
  "api.stakeholders.$id.ts": [otherClientApi("/api/stakeholders/1"), otherClientApi("/api/stakeholders/1", "PATCH")],
  "api.stakeholders.link-properties.ts": [otherClientApi("/api/stakeholders/link-properties", "POST"), otherClientApi("/api/stakeholders/link-properties", "DELETE")],
  "api.stakeholders.ts": [otherClientApi("/api/stakeholders"), otherClientApi("/api/stakeholders", "POST")],
  "api.templates.$id.download.ts": [otherClientApi("/api/templates/1/download")],
  "api.templates.$id.ts": [otherClientApi("/api/templates/1", "PATCH")],
  "api.templates.ts": [otherClientApi("/api/templates")],
  "api.templates.upload.ts": [otherClientApi("/api/templates/upload", "POST", { body: "multipart" })],
  "api.users.$id.ts": [systemOnly("/api/users/seed-viewer", "action", "officer", { method: "PATCH", params: () => ({ id: "seed-viewer" }), body: { json: { isActive: false } } })],
  "api.users.invite.ts": [systemOnly("/api/users/invite", "action", "officer", { body: { json: { email: "refused@example.com", role: "viewer" } } })],
  "api.users.ts": [systemOnly("/api/users", "loader", "officer")],
  "commitments.tsx": [otherClientPage("/commitments"), otherClientPage("/commitments", "action")],
  "commitments_.letter.$stakeholderId.tsx": [otherClientPage("/commitments/letter/1")],
  "commitments_.letter.$stakeholderId_.pdf.ts": [otherClientPage("/commitments/letter/1/pdf")],
  "database-management.tsx": [
    { fn: "loader", as: "officer", path: () => `/database-management?${western()}`, status: 403 },
    { fn: "action", as: "officer", path: () => `/database-management?${western()}`, body: { form: { intent: "search" } }, status: 403 },
  ],
  "database-management_.restore-points.$id.ts": [
    { fn: "loader", as: "director", path: () => `/database-management/restore-points/${restorePointId}`, params: () => ({ id: String(restorePointId) }), status: 403 },
  ],
  "database-management_.restore-points.$id_.restore.tsx": [
    { fn: "loader", as: "director", path: () => `/database-management/restore-points/${restorePointId}/restore`, params: () => ({ id: String(restorePointId) }), status: 403 },
    {
      fn: "action",
      as: "director",
      path: () => `/database-management/restore-points/${restorePointId}/restore`,
      params: () => ({ id: String(restorePointId) }),
      body: { form: { confirmation: "Western Pipeline Stage 2" } },
      status: 403,
    },
  ],
  "documentation_.view.$docType.tsx": [restrictedDoc("/documentation/view/system-architecture")],
  "documents.tsx": [otherClientPage("/documents"), otherClientPage("/documents", "action")],
  "export.tsx": [otherClientPage("/export"), otherClientPage("/export", "action")],
  // The export's session names another client's project: access is checked again when the file is fetched.
  "export_.download.$token.ts": [
    {
      fn: "loader",
      as: "officer",
      path: () => `/export/download/${EXPORT_TOKEN}`,
      params: () => ({ token: EXPORT_TOKEN }),
      status: 404,
      cookie: () => pendingExportCookie(),
    },
  ],
  "import-debug.tsx": [otherClientPage("/import-debug")],
  "import.tsx": [otherClientPage("/import"), otherClientPage("/import", "action")],
  "import_.$id.tsx": [{ ...otherClientPage("/import/1"), params: () => ({ id: "1" }) }],
  "import_.$id_.duplicates.tsx": [
    { ...otherClientPage("/import/1/duplicates"), params: () => ({ id: "1" }) },
    { ...otherClientPage("/import/1/duplicates", "action"), params: () => ({ id: "1" }) },
  ],
  "import_.$id_.parcels.tsx": [
    { ...otherClientPage("/import/1/parcels"), params: () => ({ id: "1" }) },
    { ...otherClientPage("/import/1/parcels", "action"), params: () => ({ id: "1" }) },
  ],
  "import_.$id_.skipped[.]csv.ts": [{ ...otherClientPage("/import/1/skipped.csv"), params: () => ({ id: "1" }) }],
  "import_.mapping.tsx": [otherClientPage("/import/mapping"), otherClientPage("/import/mapping", "action")],
  "import_.sheet.tsx": [otherClientPage("/import/sheet"), otherClientPage("/import/sheet", "action")],
  "imports.tsx": [otherClientPage("/imports"), otherClientPage("/imports", "action")],
  "mail-delivery.tsx": [
    { fn: "loader", as: "director", path: () => "/mail-delivery", status: 403 },
    { fn: "action", as: "client_owner", path: () => "/mail-delivery", body: { form: { intent: "retry", mailId: "1" } }, status: 403 },
  ],
  "project-migration.tsx": [
    { fn: "loader", as: "director", path: () => "/project-migration", status: 403 },
    { fn: "action", as: "director", path: () => "/project-migration", body: () => ({ form: { projectId: String(env.westernId), targetClientId: String(env.demoClientId) } }), status: 403 },
  ],
  "projects.$id.phases.tsx": [phases("/projects/$id/phases", "loader")],
  "projects.$id.phases_.grievance-clock.tsx": [phases("/projects/$id/phases/grievance-clock", "loader"), phases("/projects/$id/phases/grievance-clock", "action")],
  "projects.$id.phases_.inbound-mail.tsx": [phases("/projects/$id/phases/inbound-mail", "loader"), phases("/projects/$id/phases/inbound-mail", "action")],
  "inbound-mail.tsx": [otherClientPage("/inbound-mail")],
  "inbound-mail_.$id.tsx": [
    { ...otherClientPage("/inbound-mail/1"), params: () => ({ id: "1" }) },
    { ...otherClientPage("/inbound-mail/1", "action"), params: () => ({ id: "1" }) },
  ],
  "projects.$id.phases_.closure.tsx": [phases("/projects/$id/phases/closure", "loader"), phases("/projects/$id/phases/closure", "action")],
  "projects.$id.phases_.planning.tsx": [phases("/projects/$id/phases/planning", "loader"), phases("/projects/$id/phases/planning", "action")],
  "projects.new.tsx": [
    { fn: "loader", as: "viewer", path: () => "/projects/new", status: 403 },
    { fn: "action", as: "viewer", path: () => "/projects/new", body: { form: { intent: "create" } }, status: 403 },
  ],
  "properties.tsx": [otherClientPage("/properties"), otherClientPage("/properties", "action")],
  "grievances.tsx": [otherClientPage("/grievances"), otherClientPage("/grievances", "action")],
  "affected-areas.tsx": [otherClientPage("/affected-areas"), otherClientPage("/affected-areas", "action")],
  "grievances_.figures.tsx": [otherClientPage("/grievances/figures")],
  "reports.tsx": [otherClientPage("/reports"), otherClientPage("/reports", "action")],
  "map.tsx": [otherClientPage("/map")],
  "grievances_.$id.tsx": [
    { ...otherClientPage("/grievances/1"), params: () => ({ id: "1" }) },
    { ...otherClientPage("/grievances/1", "action"), params: () => ({ id: "1" }) },
  ],
  "stakeholder-property-groups.tsx": [otherClientPage("/stakeholder-property-groups")],
  "stakeholders.tsx": [
    otherClientPage("/stakeholders"),
    otherClientPage("/stakeholders", "action"),
    // A viewer opening the edit dialog: the list with "Not allowed", a 403, and the refusal audited.
    { fn: "loader", as: "viewer", path: () => `/stakeholders?${western()}&new=1`, status: 403 },
  ],
  "stakeholders_.export[.]json.ts": [otherClientPage("/stakeholders/export.json")],
  "stakeholders_.sample[.]json.ts": [otherClientPage("/stakeholders/sample.json")],
  "subscription.tsx": [
    { fn: "loader", as: "director", path: () => "/subscription", status: 403 },
    { fn: "action", as: "director", path: () => "/subscription", body: { form: { intent: "upgrade" } }, status: 403 },
  ],
  "templates.tsx": [otherClientPage("/templates"), otherClientPage("/templates", "action")],
  // The page itself shows the spec's "Access Restricted" view to other roles; every write is refused.
  "user-management.tsx": [{ fn: "action", as: "officer", path: () => "/user-management", body: { form: { intent: "invite", email: "x@example.com", role: "viewer" } }, status: 403 }],
};

const EXPORT_TOKEN = "refusalprobe_0123456789";

/** The officer's session with a pending export of another client's project (as if one had been started there). */
function pendingExportCookie(): Promise<string> {
  return withRequestContext(async () => {
    const request = new Request(`${BASE}/export`, { headers: { Cookie: env.cookies.officer! } });
    const session = await getSession(request);
    session.set("pendingExport", {
      token: EXPORT_TOKEN,
      projectId: env.secondProjectId,
      createdAt: Date.now(),
      request: { exportType: "stakeholders", mode: "standard", format: "xlsx", mappings: [{ id: "1", dbField: "name", customColumnName: "Name", enabled: true }] },
    });
    return (await commitSession(request, session)).split(";")[0]!;
  });
}

/** Route file (relative to app/routes) → whether it exports a loader and an action. */
async function routeFiles(): Promise<Map<string, { loader: boolean; action: boolean }>> {
  const routes = remixRoutes();
  const files = new Map<string, { loader: boolean; action: boolean }>();
  for (const route of Object.values(routes)) {
    const mod = (await import(/* @vite-ignore */ `${APP_DIR}/${route.file}`)) as Record<string, unknown>;
    files.set(route.file.replace(/^routes\//, ""), { loader: typeof mod.loader === "function", action: typeof mod.action === "function" });
  }
  return files;
}

function requestFor(probe: Probe, cookie: string): Request {
  const url = `${BASE}${probe.path()}`;
  const method = probe.method ?? (probe.fn === "loader" ? "GET" : "POST");
  const body = typeof probe.body === "function" ? probe.body() : probe.body;
  if (body === "multipart") return multipartRequest(url, cookie, [["fileType", "csv"]], { filename: "refused.pdf", body: PDF(), type: "application/pdf" });
  if (body && "form" in body) return formRequest(url, cookie, body.form);
  if (body && "json" in body) return jsonRequest(url, cookie, method, body.json);
  return new Request(url, { method, headers: { Cookie: cookie } });
}

const lastAuditId = async () => Number((await getOrm().em.getConnection().execute<{ id: string | null }[]>("select max(id) as id from audit_log"))[0]?.id ?? 0);

/** The refusals written for the user after `since` (on their own connection, not awaited: polled briefly). */
async function refusalsSince(userId: string, since: number): Promise<{ after: { status: number; reason: string } }[]> {
  const read = () =>
    getOrm()
      .em.getConnection()
      .execute<{ after: { status: number; reason: string } }[]>("select after from audit_log where action = 'access.refused' and user_id = ? and id > ? order by id", [userId, since]);
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = await read();
    if (rows.length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

beforeAll(async () => {
  const owner = await userFor("seed-client-owner");
  const access = await accessFor(owner, env.westernId);
  restorePointId = await withRequestContext(async () => (await createRestorePoint(access, "delete-all-engagements")).id);
});

describe("the route list", () => {
  it("names every route file once: probed here, or unguarded with its reason; every loader and action of a guarded route is probed", async () => {
    const files = await routeFiles();
    const unlisted = [...files.keys()].filter((file) => !(file in PROBES) && !(file in UNGUARDED));
    expect(unlisted, "route files neither probed nor listed as unguarded").toEqual([]);
    expect(Object.keys(PROBES).filter((file) => file in UNGUARDED)).toEqual([]);
    expect(
      [...Object.keys(PROBES), ...Object.keys(UNGUARDED)].filter((file) => !files.has(file)),
      "listed files that are not routes",
    ).toEqual([]);
    const unprobed = [...files].flatMap(([file, exported]) =>
      file in PROBES ? (["loader", "action"] as const).filter((fn) => exported[fn] && !PROBES[file]!.some((p) => p.fn === fn)).map((fn) => `${file} ${fn}`) : [],
    );
    // GET /api/projects lists what the user may open, and /user-management shows its restricted view: nothing to refuse there.
    expect(unprobed.sort()).toEqual(["api.projects.ts loader", "user-management.tsx loader"]);
  });
});

const cases = Object.entries(PROBES).flatMap(([file, probes]) => probes.map((probe, index) => [`${file} ${probe.fn}${probes.length > 1 ? ` #${index + 1}` : ""}`, file, probe] as const));

describe("every guarded route refuses, and audits the refusal", () => {
  it.each(cases)("%s", async (_name, file, probe) => {
    const mod = (await import(/* @vite-ignore */ `${APP_DIR}/routes/${file}`)) as Record<string, (args: unknown) => Promise<unknown>>;
    const since = await lastAuditId();
    const cookie = probe.cookie ? await probe.cookie() : env.cookies[probe.as]!;
    const response = await call(() => mod[probe.fn]!({ request: requestFor(probe, cookie), params: probe.params?.() ?? {}, context: {} }));
    expect(response.status, `${await response.clone().text()} ${response.headers.get("Location") ?? ""}`).toBe(probe.status);
    const rows = await refusalsSince(USER_ID[probe.as], since);
    expect(rows.map((row) => row.after.status)).toContain(probe.audited ?? probe.status);
  });
});
