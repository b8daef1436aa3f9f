import type { ActionFunctionArgs } from "@remix-run/node";
import { action as dashboardAction } from "../../app/routes/_index";
import { action as documentsPageAction } from "../../app/routes/documents";
import { action as propertiesPageAction } from "../../app/routes/properties";
import { action as stakeholdersPageAction } from "../../app/routes/stakeholders";
import { action as templatesPageAction } from "../../app/routes/templates";
import { action as documentApi } from "../../app/routes/api.documents.$id";
import { action as documentUploadApi } from "../../app/routes/api.documents.upload";
import { action as engagementsApi } from "../../app/routes/api.engagements";
import { action as propertyApi } from "../../app/routes/api.properties.$id";
import { action as linkStakeholdersApi } from "../../app/routes/api.properties.link-stakeholders";
import { action as propertiesApi } from "../../app/routes/api.properties";
import { action as stakeholderApi } from "../../app/routes/api.stakeholders.$id";
import { action as linkPropertiesApi } from "../../app/routes/api.stakeholders.link-properties";
import { action as stakeholdersApi } from "../../app/routes/api.stakeholders";
import { action as templateApi } from "../../app/routes/api.templates.$id";
import { action as templateUploadApi } from "../../app/routes/api.templates.upload";
import { action as importUploadPageAction } from "../../app/routes/import";
import { action as importSheetPageAction } from "../../app/routes/import_.sheet";
import { action as importMappingPageAction } from "../../app/routes/import_.mapping";
import { action as fileParseApi } from "../../app/routes/api.file.parse";
import { action as fileParseSheetApi } from "../../app/routes/api.file.parse-sheet";
import { action as fileImportApi } from "../../app/routes/api.file.import";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, projectId, signedInRequest, URL_BASE } from "./stakeholder-helpers";

/**
 * No action reads a body before it knows the user (and, where the URL names the project, the
 * user's membership of it): an anonymous POST is refused with its body untouched. Each body here
 * is a stream that records whether anyone pulled from it.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
});

afterAll(async () => {
  await database?.drop();
});

function watchedBody() {
  const state = { pulled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled = true;
        controller.enqueue(new TextEncoder().encode("intent=create&name=Someone&projectId=1"));
        controller.close();
      },
    },
    // No read ahead: pull runs only when someone reads.
    { highWaterMark: 0 },
  );
  return { state, body };
}

const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data; boundary=----x";

const ACTIONS: { name: string; action: (args: ActionFunctionArgs) => unknown; method: string; path: string; type: string; params?: Record<string, string> }[] = [
  { name: "POST / (select project)", action: dashboardAction, method: "POST", path: "/?index", type: FORM },
  { name: "POST /stakeholders", action: stakeholdersPageAction, method: "POST", path: "/stakeholders", type: FORM },
  { name: "POST /properties", action: propertiesPageAction, method: "POST", path: "/properties", type: FORM },
  { name: "POST /documents (form)", action: documentsPageAction, method: "POST", path: "/documents", type: FORM },
  { name: "POST /documents (upload)", action: documentsPageAction, method: "POST", path: "/documents", type: MULTIPART },
  { name: "POST /templates (form)", action: templatesPageAction, method: "POST", path: "/templates", type: FORM },
  { name: "POST /templates (upload)", action: templatesPageAction, method: "POST", path: "/templates", type: MULTIPART },
  { name: "POST /api/stakeholders", action: stakeholdersApi, method: "POST", path: "/api/stakeholders", type: FORM },
  { name: "PATCH /api/stakeholders/1", action: stakeholderApi, method: "PATCH", path: "/api/stakeholders/1", type: FORM, params: { id: "1" } },
  { name: "POST /api/stakeholders/link-properties", action: linkPropertiesApi, method: "POST", path: "/api/stakeholders/link-properties", type: FORM },
  { name: "POST /api/properties", action: propertiesApi, method: "POST", path: "/api/properties", type: FORM },
  { name: "PATCH /api/properties/1", action: propertyApi, method: "PATCH", path: "/api/properties/1", type: FORM, params: { id: "1" } },
  { name: "POST /api/properties/link-stakeholders", action: linkStakeholdersApi, method: "POST", path: "/api/properties/link-stakeholders", type: FORM },
  { name: "POST /api/engagements", action: engagementsApi, method: "POST", path: "/api/engagements", type: FORM },
  { name: "PUT /api/documents/1", action: documentApi, method: "PUT", path: "/api/documents/1", type: FORM, params: { id: "1" } },
  { name: "PUT /api/templates/1", action: templateApi, method: "PUT", path: "/api/templates/1", type: FORM, params: { id: "1" } },
  { name: "POST /api/documents/upload", action: documentUploadApi, method: "POST", path: "/api/documents/upload", type: MULTIPART },
  { name: "POST /api/templates/upload", action: templateUploadApi, method: "POST", path: "/api/templates/upload", type: MULTIPART },
  { name: "POST /import", action: importUploadPageAction, method: "POST", path: "/import", type: MULTIPART },
  { name: "POST /import/sheet", action: importSheetPageAction, method: "POST", path: "/import/sheet?workbook=x&type=stakeholders", type: FORM },
  { name: "POST /import/mapping", action: importMappingPageAction, method: "POST", path: "/import/mapping?data=x&type=stakeholders", type: FORM },
  { name: "POST /api/file/parse", action: fileParseApi, method: "POST", path: "/api/file/parse", type: MULTIPART },
  { name: "POST /api/file/parse-sheet", action: fileParseSheetApi, method: "POST", path: "/api/file/parse-sheet", type: FORM },
  { name: "POST /api/file/import", action: fileImportApi, method: "POST", path: "/api/file/import", type: FORM },
];

describe.each(ACTIONS)("$name", ({ action, method, path, type, params }) => {
  it("without a session: refused (401, or the sign-in redirect) and the body never read", async () => {
    const { state, body } = watchedBody();
    const init: RequestInit & { duplex: "half" } = { method, body, duplex: "half", headers: { "content-type": type } };
    const response = await callRoute(async () => action({ request: new Request(`${URL_BASE}${path}`, init), params: params ?? {}, context: {} }));
    expect(path.startsWith("/api/") ? [401] : [302]).toContain(response.status);
    expect(state.pulled).toBe(false);
  });

  // The dashboard's form carries no project in its URL, so only the first case applies to it.
  if (path.startsWith("/?")) return;
  it("signed in but not a member of the project in the URL: refused and the body never read", async () => {
    const { state, body } = watchedBody();
    const separator = path.includes("?") ? "&" : "?";
    const request = await signedInRequest("seed-second-owner", `${path}${separator}projectId=${western}`, { method, body, duplex: "half", headers: { "content-type": type } } as RequestInit);
    const response = await callRoute(async () => action({ request, params: params ?? {}, context: {} }));
    expect([403, 404]).toContain(response.status);
    // /api writes that take projectId from the body read it once the user is known (capped at 1 MB).
    if (!path.startsWith("/api/") || type === MULTIPART) expect(state.pulled).toBe(false);
  });
});
