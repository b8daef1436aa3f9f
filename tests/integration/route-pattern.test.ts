import fs from "node:fs";
import path from "node:path";
import { APP_DIR, routeManifest } from "./support/route-manifest";
import { Property, Stakeholder } from "../../db/entities/index";
import { db } from "../../db/orm";
import { action as engagementApi } from "../../app/routes/api.engagements.$id";
import { action as createEngagementApi } from "../../app/routes/api.engagements";
import { action as propertyApi } from "../../app/routes/api.properties.$id";
import { action as createPropertyApi } from "../../app/routes/api.properties";
import { action as stakeholderApi } from "../../app/routes/api.stakeholders.$id";
import { action as createStakeholderApi } from "../../app/routes/api.stakeholders";
import { action as documentApi } from "../../app/routes/api.documents.$id";
import { action as templateApi } from "../../app/routes/api.templates.$id";
import { action as linkPropertiesApi } from "../../app/routes/api.stakeholders.link-properties";
import { action as stakeholdersPage } from "../../app/routes/stakeholders";
import { action as propertiesPage } from "../../app/routes/properties";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, inContext, projectId, signedInRequest, stakeholderIdByName, URL_BASE } from "./stakeholder-helpers";

/**
 * The house pattern (CONTRIBUTING.md "Adding a screen") holds across screens and /api routes: one way
 * from an AppError to a response, 405 with Allow for a wrong method, each operation's permission
 * checked by the module function (so the page action and its /api twin agree), one form-level error key.
 * The last part walks every route file of every area (ROUTES below): a signed-out request is refused
 * the one way, every /api action answers a wrong method with 405, and every screen has its title and
 * error boundary.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
const ORIGIN = { Origin: "http://localhost" };

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
});

afterAll(async () => {
  await database?.drop();
});

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown> | unknown;

async function call(route: RouteFn, user: string, path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = await signedInRequest(user, path, init);
  return callRoute(async () => route({ request, params, context: {} }));
}

const jsonBody = (body: unknown, method = "POST"): RequestInit => ({ method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...ORIGIN } });
const formBody = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", ...ORIGIN } });

describe("a wrong method is 405 with Allow on every /api write route", () => {
  const cases: [string, RouteFn, string, Record<string, string>][] = [
    ["POST /api/stakeholders/{id}", stakeholderApi as RouteFn, "/api/stakeholders/1", { id: "1" }],
    ["POST /api/properties/{id}", propertyApi as RouteFn, "/api/properties/1", { id: "1" }],
    ["POST /api/documents/{id}", documentApi as RouteFn, "/api/documents/1", { id: "1" }],
    ["POST /api/templates/{id}", templateApi as RouteFn, "/api/templates/1", { id: "1" }],
    ["POST /api/engagements/{id}", engagementApi as RouteFn, "/api/engagements/1", { id: "1" }],
  ];
  for (const [name, route, path, params] of cases) {
    it(name, async () => {
      const response = await call(route, "seed-officer", `${path}?projectId=${western}`, jsonBody({}), params);
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toMatch(/DELETE/);
      expect(await response.json()).toEqual({ message: "Method not allowed" });
    });
  }

  it("PUT on a create route", async () => {
    for (const route of [createStakeholderApi, createPropertyApi, createEngagementApi, linkPropertiesApi] as RouteFn[]) {
      const response = await call(route, "seed-officer", `/api/x?projectId=${western}`, jsonBody({}, "PUT"));
      expect(response.status).toBe(405);
      // Link Properties also removes links with DELETE (docs/records.md#links).
      expect(response.headers.get("Allow")).toBe(route === linkPropertiesApi ? "POST, DELETE" : "POST");
    }
  });
});

describe("each operation's permission is checked once, the same for the page and its /api twin", () => {
  it("an officer (editData, no deleteData) may not delete a stakeholder, a property or an interaction", async () => {
    const stakeholderId = await stakeholderIdByName("Margaret Ellis");
    const property = await inContext(() => db().findOneOrFail(Property, { project: western }));
    for (const [route, id] of [
      [stakeholderApi, stakeholderId],
      [propertyApi, property.id],
      [engagementApi, 1],
    ] as [RouteFn, number][]) {
      const response = await call(route, "seed-officer", `/api/x/${id}?projectId=${western}`, { method: "DELETE", headers: ORIGIN }, { id: String(id) });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "You do not have permission to do that" });
    }
    expect(await inContext(() => db().count(Stakeholder, { id: stakeholderId }))).toBe(1);
    expect(await inContext(() => db().count(Property, { id: property.id }))).toBe(1);
  });

  it("a viewer's create is 403 through the page action and through /api, and nothing is saved", async () => {
    const page = await call(stakeholdersPage as RouteFn, "seed-viewer", `/stakeholders?projectId=${western}`, formBody({ intent: "create", formId: "stakeholder-form", name: "Pattern Viewer" }));
    const api = await call(createStakeholderApi as RouteFn, "seed-viewer", "/api/stakeholders", jsonBody({ projectId: western, name: "Pattern Viewer" }));
    const propertyPage = await call(propertiesPage as RouteFn, "seed-viewer", `/properties?projectId=${western}`, formBody({ intent: "create", address: "1 Pattern Road" }));
    const propertyApiResponse = await call(createPropertyApi as RouteFn, "seed-viewer", "/api/properties", jsonBody({ projectId: western, address: "1 Pattern Road" }));
    expect([page.status, api.status, propertyPage.status, propertyApiResponse.status]).toEqual([403, 403, 403, 403]);
    expect(await page.json()).toEqual(await api.json());
    expect(await inContext(() => db().count(Stakeholder, { name: "Pattern Viewer" }))).toBe(0);
    expect(await inContext(() => db().count(Property, { address: "1 Pattern Road" }))).toBe(0);
  });

  it("another client's project is 404 INVALID_PROJECT for pages and /api alike", async () => {
    const coastal = await projectId("Coastal Road Upgrade");
    const page = await call(stakeholdersPage as RouteFn, "seed-officer", `/stakeholders?projectId=${coastal}`, formBody({ intent: "create", formId: "stakeholder-form", name: "X" }));
    const api = await call(createStakeholderApi as RouteFn, "seed-officer", "/api/stakeholders", jsonBody({ projectId: coastal, name: "X" }));
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({ message: "Project not found", code: "INVALID_PROJECT" });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "Project not found", code: "INVALID_PROJECT" });
  });
});

describe("one key for form-level errors", () => {
  it("a stale stakeholder edit and a stale property edit both answer 409 with _form", async () => {
    const stakeholder = await inContext(() => db().findOneOrFail(Stakeholder, { name: "Margaret Ellis" }));
    const staleStakeholder = await call(
      stakeholdersPage as RouteFn,
      "seed-officer",
      `/stakeholders?projectId=${western}`,
      formBody({ intent: "update", formId: "stakeholder-form", id: String(stakeholder.id), version: String(stakeholder.version - 1 || 999), name: stakeholder.name }),
    );
    expect(staleStakeholder.status).toBe(409);
    const stakeholderErrors = (await staleStakeholder.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(stakeholderErrors.fieldErrors)).toEqual(["_form"]);

    const property = await inContext(() => db().findOneOrFail(Property, { project: western }));
    const staleProperty = await call(
      propertiesPage as RouteFn,
      "seed-officer",
      `/properties?projectId=${western}`,
      formBody({ intent: "update", formId: "property-form", id: String(property.id), version: String(property.version + 5), address: property.address }),
    );
    expect(staleProperty.status).toBe(409);
    const propertyErrors = (await staleProperty.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(propertyErrors.fieldErrors)).toEqual(["_form"]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every route file, by area
// ---------------------------------------------------------------------------------------------------

type Method = "POST" | "PUT" | "PATCH" | "DELETE";
type Area =
  | "sign-in"
  | "dashboard"
  | "stakeholders"
  | "properties"
  | "engagements"
  | "commitments"
  | "grievances"
  | "reports"
  | "inbound mail"
  | "property groups"
  | "documents"
  | "templates"
  | "projects"
  | "project lifecycle"
  | "import"
  | "export"
  | "users"
  | "database management"
  | "documentation"
  | "billing"
  | "administration";

interface RouteEntry {
  area: Area;
  /** The methods the route's action takes; absent when it has no action. */
  methods?: Method[];
  /** A route that answers a signed-out caller otherwise than "sign in first", and why. */
  signedOut?: { loader?: number; action?: number; why: string };
}

const POST: Method[] = ["POST"];
const EDIT: Method[] = ["PUT", "PATCH", "DELETE"];
const DELETE: Method[] = ["DELETE"];

/** Every file in app/routes. A new route fails "every route file is listed" until it is added here. */
const ROUTES: Record<string, RouteEntry> = {
  "$.tsx": { area: "dashboard", signedOut: { loader: 404, why: "an unknown path is 404 whoever asks" } },
  "_index.tsx": { area: "dashboard", methods: POST, signedOut: { loader: 200, why: "signed out, the home page is the sign-in screen" } },
  "api.login.ts": { area: "sign-in", signedOut: { loader: 302, why: "starts the sign-in at the identity provider" } },
  "api.callback.ts": { area: "sign-in", signedOut: { loader: 302, why: "the identity provider's return; without a sign-in in progress it starts one" } },
  "api.logout.tsx": { area: "sign-in", methods: POST, signedOut: { action: 302, why: "signing out needs no session" } },
  "api.auth.user.ts": { area: "sign-in" },
  "api.auth.user_.picture.ts": { area: "sign-in" },
  "api.auth.switch-to-system-admin.ts": { area: "administration", methods: POST },

  "stakeholders.tsx": { area: "stakeholders", methods: POST },
  "stakeholders_.export[.]json.ts": { area: "stakeholders" },
  "stakeholders_.sample[.]json.ts": { area: "stakeholders" },
  "api.stakeholders.ts": { area: "stakeholders", methods: POST },
  "api.stakeholders.$id.ts": { area: "stakeholders", methods: EDIT },
  "api.stakeholders.$id.documents.ts": { area: "stakeholders" },
  "api.stakeholders.$id.linked-property-ids.ts": { area: "stakeholders" },
  "api.stakeholders.$id.properties.ts": { area: "stakeholders" },
  "api.stakeholders.link-properties.ts": { area: "stakeholders", methods: ["POST", "DELETE"] },

  "properties.tsx": { area: "properties", methods: POST },

  "grievances.tsx": { area: "grievances", methods: POST },
  "grievances_.$id.tsx": { area: "grievances", methods: POST },
  "api.grievances.ts": { area: "grievances", methods: POST },
  "api.grievances.$id.ts": { area: "grievances", methods: EDIT },
  "api.grievances.$id.stage.ts": { area: "grievances", methods: POST },
  "api.grievances.$id.engagements.ts": { area: "grievances", methods: ["POST", "DELETE"] },
  "api.grievances.$id.documents.ts": { area: "grievances", methods: ["POST", "DELETE"] },
  "grievances_.figures.tsx": { area: "grievances" },
  "api.grievances.figures.ts": { area: "grievances" },
  "api.grievances.figures[.]xlsx.ts": { area: "grievances" },
  "reports.tsx": { area: "reports", methods: POST },
  "api.reports.summary.ts": { area: "reports" },
  "api.reports.pack.ts": { area: "reports", methods: POST },
  "api.reports.schedule.ts": { area: "reports", methods: POST },

  "inbound-mail.tsx": { area: "inbound mail" },
  "inbound-mail_.$id.tsx": { area: "inbound mail", methods: POST },
  "api.inbound-mail.ts": { area: "inbound mail" },
  "api.inbound-mail.$id.ts": { area: "inbound mail" },
  "api.inbound-mail.$id.accept.ts": { area: "inbound mail", methods: POST },
  "api.inbound-mail.$id.reject.ts": { area: "inbound mail", methods: POST },
  "projects.$id.phases_.inbound-mail.tsx": { area: "inbound mail", methods: POST },
  "api.projects.$id.inbound-mail.ts": { area: "inbound mail", methods: ["PUT"] },

  "grievance-form.$token.tsx": { area: "grievances", methods: POST, signedOut: { loader: 404, action: 404, why: "the public grievance form needs no sign-in; an unknown token is 404" } },
  "api.properties.ts": { area: "properties", methods: POST },
  "affected-areas.tsx": { area: "properties", methods: POST },
  "api.affected-areas.ts": { area: "properties", methods: POST },
  "api.affected-areas.$id.ts": { area: "properties", methods: DELETE },
  "api.properties.$id.ts": { area: "properties", methods: EDIT },
  "api.properties.$id.documents.ts": { area: "properties" },
  "api.properties.$id.linked-stakeholder-ids.ts": { area: "properties" },
  "api.properties.$id.stakeholders.ts": { area: "properties" },
  "api.properties.link-stakeholders.ts": { area: "properties", methods: ["POST", "DELETE"] },
  "map.tsx": { area: "properties" },
  "api.parcels.ts": { area: "properties" },
  "api.parcels.export.ts": { area: "properties" },

  "api.engagements.ts": { area: "engagements", methods: POST },
  "api.engagements.$id.ts": { area: "engagements", methods: DELETE },

  "commitments.tsx": { area: "commitments", methods: POST },
  "commitments_.letter.$stakeholderId.tsx": { area: "commitments" },
  "commitments_.letter.$stakeholderId_.pdf.ts": { area: "commitments" },
  "api.commitments.ts": { area: "commitments", methods: POST },
  "api.commitments.$id.ts": { area: "commitments", methods: EDIT },
  "api.commitments.$id.status.ts": { area: "commitments", methods: POST },

  "stakeholder-property-groups.tsx": { area: "property groups" },

  "documents.tsx": { area: "documents", methods: POST },
  "api.documents.ts": { area: "documents" },
  "api.documents.$id.ts": { area: "documents", methods: EDIT },
  "api.documents.$id.download.ts": { area: "documents" },
  "api.documents.$id.preview.ts": { area: "documents" },
  "api.documents.stats.ts": { area: "documents" },
  "api.documents.upload.ts": { area: "documents", methods: POST },

  "templates.tsx": { area: "templates", methods: POST },
  "api.templates.ts": { area: "templates" },
  "api.templates.$id.ts": { area: "templates", methods: EDIT },
  "api.templates.$id.download.ts": { area: "templates" },
  "api.templates.upload.ts": { area: "templates", methods: POST },

  "projects.new.tsx": { area: "projects", methods: POST },
  "api.projects.ts": { area: "projects", methods: POST },
  "api.projects.$id.ts": { area: "projects" },
  "api.projects.all.ts": { area: "projects" },

  "projects.$id.phases.tsx": { area: "project lifecycle" },
  "projects.$id.phases_.planning.tsx": { area: "project lifecycle", methods: POST },
  "projects.$id.phases_.closure.tsx": { area: "project lifecycle", methods: POST },
  "api.projects.$id.planning.ts": { area: "project lifecycle", methods: POST },
  "api.projects.$id.closure.ts": { area: "project lifecycle", methods: POST },
  "projects.$id.phases_.grievance-clock.tsx": { area: "project lifecycle", methods: POST },
  "api.projects.$id.grievance-clock.ts": { area: "project lifecycle", methods: ["PUT"] },
  "api.extract-pdf-fields.ts": { area: "project lifecycle", methods: POST },

  "import.tsx": { area: "import", methods: POST },
  "import_.sheet.tsx": { area: "import", methods: POST },
  "import_.mapping.tsx": { area: "import", methods: POST },
  "import_.$id.tsx": { area: "import" },
  "import_.$id_.duplicates.tsx": { area: "import", methods: POST },
  "import_.$id_.parcels.tsx": { area: "import", methods: POST },
  "import_.$id_.skipped[.]csv.ts": { area: "import" },
  "imports.tsx": { area: "import", methods: POST },
  "import-debug.tsx": { area: "import" },
  "api.file.parse.ts": { area: "import", methods: POST },
  "api.file.parse-sheet.ts": { area: "import", methods: POST },
  "api.file.import.ts": { area: "import", methods: POST },
  "api.resolve-duplicates.ts": { area: "import", methods: POST },
  "api.resolve-parcels.ts": { area: "import", methods: POST },

  "export.tsx": { area: "export", methods: POST },
  "export_.download.$token.ts": { area: "export" },
  "api.export.excel.ts": { area: "export", methods: POST },

  "user-management.tsx": { area: "users", methods: POST },
  "api.users.ts": { area: "users" },
  "api.users.$id.ts": { area: "users", methods: ["PATCH", "DELETE"] },
  "api.users.invite.ts": { area: "users", methods: POST },

  "database-management.tsx": { area: "database management", methods: POST },
  "database-management_.restore-points.$id.ts": { area: "database management" },
  "database-management_.restore-points.$id_.restore.tsx": { area: "database management", methods: POST },
  "api.database.stats.ts": { area: "database management" },
  "api.database.export.ts": { area: "database management" },
  "api.database.normalize-text.ts": { area: "database management", methods: POST },
  "api.database.delete-all-stakeholders.ts": { area: "database management", methods: DELETE },
  "api.database.delete-all-properties.ts": { area: "database management", methods: DELETE },
  "api.database.delete-all-engagements.ts": { area: "database management", methods: DELETE },
  "api.database.delete-project.ts": { area: "database management", methods: DELETE },
  "api.database.reset-project.ts": { area: "database management", methods: DELETE },

  "documentation.tsx": { area: "documentation" },
  "documentation_.view.$docType.tsx": { area: "documentation" },
  "api.documentation.content.$docType.ts": { area: "documentation" },
  "api.documentation.download.$docType.ts": { area: "documentation" },
  "api.documentation.download-pdf.$docType.ts": { area: "documentation" },
  "api.documentation.download-word.$docType.ts": { area: "documentation" },

  "subscription.tsx": { area: "billing", methods: POST },
  "api.client.subscription.ts": { area: "billing" },
  "api.create-subscription.ts": { area: "billing", methods: POST },
  "api.stripe.webhook.ts": { area: "billing", methods: POST, signedOut: { action: 404, why: "Stripe's signature is its guard; with payments not configured it is 404" } },

  "project-migration.tsx": { area: "administration", methods: POST },
  "mail-delivery.tsx": { area: "administration", methods: POST },
  "api.client.all.ts": { area: "administration" },
  "api.client.create.ts": { area: "administration", methods: POST },
  "api.client.grant-free-month.$id.ts": { area: "administration", methods: POST },
  "api.client.migrate-project.$projectId.ts": { area: "administration", methods: POST },
};

const manifest = routeManifest();
/** Values for the dynamic segments: the refusals tested here come before any record is looked up. */
const SEGMENTS: Record<string, string> = { id: "1", projectId: "1", docType: "user-guide", token: "unknown", "*": "no-such-page" };
const concrete = (urlPath: string) => urlPath.replace(/:(\w+)/g, (_, name: string) => SEGMENTS[name]!).replace("*", SEGMENTS["*"]!);
const paramsOf = (urlPath: string) =>
  Object.fromEntries(urlPath.split("/").flatMap((segment) => (segment.startsWith(":") ? [[segment.slice(1), SEGMENTS[segment.slice(1)]!]] : segment === "*" ? [["*", SEGMENTS["*"]!]] : [])));

interface RouteModule {
  loader?: RouteFn;
  action?: RouteFn;
  default?: unknown;
  ErrorBoundary?: unknown;
  handle?: { pageTitle?: unknown };
}
const load = (file: string) => import(/* @vite-ignore */ path.join(APP_DIR, "routes", file)) as Promise<RouteModule>;
const isApi = (file: string) => file.startsWith("api.");
const isScreen = (file: string) => file.endsWith(".tsx") && !isApi(file);
const entries = Object.entries(ROUTES);

describe("every route file of every area follows the pattern", () => {
  it("every route file is listed, with the methods its action takes", async () => {
    const files = [...manifest.keys()].sort();
    const missing = files.filter((file) => !ROUTES[file]);
    const stale = Object.keys(ROUTES).filter((file) => !manifest.has(file) || !fs.existsSync(path.join(APP_DIR, "routes", file)));
    expect(missing, `add these to ROUTES in tests/integration/route-pattern.test.ts: ${missing.join(", ")}`).toEqual([]);
    expect(stale, `remove these from ROUTES: ${stale.join(", ")}`).toEqual([]);
    for (const [file, entry] of entries) {
      const route = await load(file);
      expect([file, !!route.action], "an action exported ⇔ methods listed").toEqual([file, !!entry.methods]);
    }
    const areas = new Set(Object.values(ROUTES).map((entry) => entry.area));
    for (const area of ["import", "export", "users", "database management", "documentation"] as const) expect(areas.has(area), area).toBe(true);
  });

  describe("signed out, /api answers 401 and a screen sends the browser to sign in", () => {
    for (const [file, entry] of entries) {
      it(`[${entry.area}] ${file}`, async () => {
        const url = concrete(manifest.get(file)!);
        const params = paramsOf(manifest.get(file)!);
        const route = await load(file);
        const refused = async (response: Response, override: number | undefined, what: string) => {
          if (override !== undefined) return expect(response.status, `${what} (${entry.signedOut!.why})`).toBe(override);
          if (isApi(file)) {
            expect(response.status, what).toBe(401);
            expect(await response.json()).toMatchObject({ message: "Unauthorized" });
          } else {
            expect(response.status, what).toBe(302);
            expect(response.headers.get("Location"), what).toBe(url === "/" ? "/" : `/?redirectTo=${encodeURIComponent(url)}`);
          }
        };
        if (route.loader) {
          const response = await callRoute(async () => route.loader!({ request: new Request(`${URL_BASE}${url}`), params, context: {} }));
          await refused(response, entry.signedOut?.loader, `GET ${url}`);
        }
        if (route.action) {
          const method = entry.methods![0]!;
          const init: RequestInit = isApi(file)
            ? { method, body: "{}", headers: { "Content-Type": "application/json", ...ORIGIN } }
            : { method, body: new URLSearchParams({ intent: "create" }), headers: { "Content-Type": "application/x-www-form-urlencoded", ...ORIGIN } };
          const response = await callRoute(async () => route.action!({ request: new Request(`${URL_BASE}${url}`, init), params, context: {} }));
          await refused(response, entry.signedOut?.action, `${method} ${url}`);
        }
      });
    }
  });

  describe("every /api action answers a method it does not take with 405 and Allow", () => {
    for (const [file, entry] of entries.filter(([file, entry]) => isApi(file) && entry.methods)) {
      it(`[${entry.area}] ${file}`, async () => {
        const urlPath = manifest.get(file)!;
        const route = await load(file);
        for (const method of (["POST", "PUT", "PATCH", "DELETE"] as const).filter((m) => !entry.methods!.includes(m))) {
          const response = await call(route.action!, "seed-system-admin", `${concrete(urlPath)}?projectId=${western}`, jsonBody({}, method), paramsOf(urlPath));
          expect(response.status, `${method} ${file}`).toBe(405);
          expect((response.headers.get("Allow") ?? "").split(", ").sort(), `${method} ${file}`).toEqual([...entry.methods!].sort());
          expect(await response.json()).toMatchObject({ message: "Method not allowed" });
        }
      });
    }
  });

  it("every screen has a page title, a component and an error boundary", async () => {
    for (const [file] of entries.filter(([file]) => isScreen(file))) {
      const route = await load(file);
      // A title, or a function of the loader's data (the home page's depends on who is signed in).
      expect([file, ["string", "function"].includes(typeof route.handle?.pageTitle)], "handle.pageTitle").toEqual([file, true]);
      expect([file, typeof route.default], "default component").toEqual([file, "function"]);
      // The catch-all renders inside the root, whose boundary it shares.
      if (file !== "$.tsx") expect([file, typeof route.ErrorBoundary], "ErrorBoundary").toEqual([file, "function"]);
    }
  });
});
