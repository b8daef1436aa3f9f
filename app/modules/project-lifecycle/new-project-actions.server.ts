/**
 * The /projects/new POSTs (docs/lifecycle.md#new-project). The PDF auto-fill is its own small multipart form: the page
 * re-renders with what the PDF held. The start-up form posts back for "Add team member" and "Remove"
 * (the edited rows re-render, nothing typed is lost) and for Create, which validates with the /api
 * route's schema, creates the project, selects it and goes to its phases.
 */
import { json } from "@remix-run/node";
import { FORM_ERROR } from "~/utils/form-state";
import { getSession } from "~/modules/auth/session.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import { applyRowEdit, parseRowEdit, type RowFocus } from "~/utils/row-list";
import { requireProjectCreator } from "~/modules/access/system.server";
import { createProject, PLAN_LIMIT_CODE, PROJECT_CREATED_MESSAGE, CREATE_FAILED_MESSAGE, CHOOSE_CLIENT_MESSAGE } from "./create-project.server";
import { startupFormValidator } from "./schemas";
import { MAX_TEAM_MEMBERS, PDF_EXTRACT_MESSAGES } from "./startup-fields";
import {
  applyExtraction,
  blankTeamRow,
  defaultStartupValues,
  EXTRACTION_SUMMARY_COUNT,
  orderStartupErrors,
  readExtractedFields,
  readStartupForm,
  STARTUP_FORM_ID,
  STARTUP_PDF_FORM_ID,
  type StartupValues,
  type TeamRow,
} from "./startup-form";
import type { ExtractedField } from "./startup-text";
import { extractFromUpload } from "./startup-upload.server";

/** What the page re-renders after a postback. */
export interface NewProjectActionData {
  formId: typeof STARTUP_FORM_ID | typeof STARTUP_PDF_FORM_ID;
  values: StartupValues;
  team: TeamRow[];
  clientId: string;
  fieldErrors: Record<string, string>;
  /** Set when the plan's project limit refused the creation: the page links to the Subscription page. */
  planLimit?: boolean;
  /** What a PDF filled in, carried through postbacks so Create keeps it as evidence. */
  extractedFields: ExtractedField[] | null;
  /** Just after an auto-fill: its message and the first fields it found. */
  extraction?: { message: string; summary: ExtractedField[] };
  announcement?: string;
  focus?: RowFocus;
}

export async function newProjectAction(request: Request): Promise<Response> {
  const user = await requireProjectCreator(request);
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return extractAction(request);

  const form = await request.formData();
  const { values, team } = readStartupForm(form);
  const clientId = typeof form.get("clientId") === "string" ? String(form.get("clientId")) : "";
  const extractedFields = readExtractedFields(form.get("extractedFields"));
  const base: NewProjectActionData = { formId: STARTUP_FORM_ID, values, team, clientId, fieldErrors: {}, extractedFields };

  const edit = parseRowEdit(form.get("intent"));
  if (edit) {
    const result = applyRowEdit(team, edit, blankTeamRow, MAX_TEAM_MEMBERS);
    const name = result.row?.name.trim() || "Team member";
    const announcement = !result.changed ? `A project can have at most ${MAX_TEAM_MEMBERS} team members.` : edit.kind === "add" ? `Team member ${result.position} added.` : `${name} removed.`;
    return json<NewProjectActionData>({ ...base, team: result.rows, focus: result.focus, announcement });
  }
  if (form.get("intent") !== "create") throw new AppError(400, "Unknown action");

  const result = await startupFormValidator.validate(form);
  const fieldErrors: Record<string, string> = result.error ? { ...result.error.fieldErrors } : {};
  const chosenClient = Number.parseInt(clientId, 10);
  if (user.role === "system_admin" && !Number.isSafeInteger(chosenClient)) fieldErrors.clientId = CHOOSE_CLIENT_MESSAGE;
  if (result.error || Object.keys(fieldErrors).length) return json<NewProjectActionData>({ ...base, fieldErrors: orderStartupErrors(fieldErrors) }, { status: 422 });

  try {
    const project = await createProject(user, result.data!, { clientId: user.role === "system_admin" ? chosenClient : null, extractedFields });
    const session = await getSession(request);
    session.set("selectedProjectId", project.id);
    return redirectWithFlash(request, `/projects/${project.id}/phases`, { kind: "success", title: PROJECT_CREATED_MESSAGE, description: project.name }, session);
  } catch (error) {
    const data: NewProjectActionData = { ...base, planLimit: error instanceof AppError && error.code === PLAN_LIMIT_CODE };
    return errorResponse(error, {
      form: "summary",
      data,
      // Only a system admin's form has the client field.
      field: (refused) => (refused.code === "INVALID_CLIENT" && user.role === "system_admin" ? "clientId" : FORM_ERROR),
      message: (refused) => refused?.message || CREATE_FAILED_MESSAGE,
    });
  }
}

/** Without JavaScript: the uploaded start-up PDF fills a fresh form. */
async function extractAction(request: Request): Promise<Response> {
  const base: NewProjectActionData = { formId: STARTUP_PDF_FORM_ID, values: defaultStartupValues(), team: [blankTeamRow("1")], clientId: "", fieldErrors: {}, extractedFields: null };
  try {
    const extraction = await extractFromUpload(request);
    const filled = applyExtraction(base.values, base.team, extraction);
    return json<NewProjectActionData>({
      ...base,
      ...filled,
      extractedFields: extraction.fields,
      extraction: { message: extraction.message, summary: extraction.fields.slice(0, EXTRACTION_SUMMARY_COUNT) },
    });
  } catch (error) {
    // A failure says the PDF could not be processed, unless it is the "nothing found" one.
    const shown = (refused: AppError | null) => (refused && (refused.status < 500 || refused.message === PDF_EXTRACT_MESSAGES.extractFailed) ? refused.message : PDF_EXTRACT_MESSAGES.processFailed);
    return errorResponse(error, { form: "summary", failures: true, data: base, field: "pdf", message: shown });
  }
}
