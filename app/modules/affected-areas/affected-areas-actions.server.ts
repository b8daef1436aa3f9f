import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { AppError } from "~/utils/app-error";
import { errorResponse } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";
import { validateForm } from "~/utils/validation.server";
import { createAffectedArea, deleteAffectedArea } from "./affected-areas.server";
import { receiveAffectedAreaUpload } from "./receive.server";
import { AFFECTED_AREA_FORM_ID, affectedAreaUploadValidator } from "./schemas";
import { AFFECTED_AREAS_PATH } from "./urls";

async function projectOf(request: Request) {
  const access = await getSelectedProjectAccess(request);
  if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
  return access;
}

const parcelsText = (n: number) => (n === 1 ? "1 parcel" : `${n.toLocaleString("en-AU")} parcels`);

/** The upload (multipart): the shared schema for the fields, then the module (editData), then the list. */
async function uploadAction(request: Request): Promise<Response> {
  const selected = await projectOf(request);
  let fields: Record<string, string> = {};
  try {
    const upload = await receiveAffectedAreaUpload(request, async () => selected);
    fields = upload.fields;
    const formData = new FormData();
    for (const [key, value] of Object.entries(fields)) formData.set(key, value);
    const { data, response } = await validateForm(formData, affectedAreaUploadValidator, AFFECTED_AREA_FORM_ID);
    if (response) return response;
    const area = await createAffectedArea(upload.access, data, upload.file);
    return redirectWithFlash(request, AFFECTED_AREAS_PATH, { kind: "success", title: "Affected area uploaded", description: `${area.name} takes land from ${parcelsText(area.parcels)}.` });
  } catch (error) {
    return errorResponse(error, { form: "summary", failures: true, formId: AFFECTED_AREA_FORM_ID, field: "file", values: fields, failure: "Failed to upload the affected area. Please try again." });
  }
}

/** POST /affected-areas: an upload (multipart), or `intent=delete` with the id (deleteData). */
export async function affectedAreasAction(request: Request): Promise<Response> {
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return uploadAction(request);
  const access = await projectOf(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "delete") throw new AppError(400, "Unknown action");
  const id = parseRecordId(formData.get("id"));
  if (!id) throw new AppError(404, "Affected area not found");
  try {
    const { name } = await deleteAffectedArea(access, id);
    return redirectWithFlash(request, AFFECTED_AREAS_PATH, { kind: "success", title: "Affected area deleted", description: `${name} no longer counts against any parcel.` });
  } catch (error) {
    return errorResponse(error, {
      form: "none",
      failures: true,
      title: "Delete failed",
      failure: "Failed to delete the affected area. Please try again.",
      redirect: (flash) => redirectWithFlash(request, AFFECTED_AREAS_PATH, flash),
    });
  }
}
