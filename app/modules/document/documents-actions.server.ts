import { validationError } from "remix-validated-form";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { safeRedirectPath } from "~/utils/http.server";
import { withParams } from "~/utils/list-query";
import { createDocument, deleteDocument, updateDocument } from "./document.server";
import { DOCUMENT_EXTENSIONS } from "./file-types";
import { receiveProjectUpload } from "./receive.server";
import { documentEditValidator, documentUploadValidator, EDIT_FORM_ID, UPLOAD_FORM_ID } from "./schemas";
import { isRecoverableUploadError, UploadError } from "./upload.server";

/** Where to go after an edit or delete: the list URL the form was opened from, dialogs closed. */
function backTo(formData: FormData) {
  const back = formData.get("back");
  const query = typeof back === "string" && back.startsWith("?") ? withParams(back, { edit: null, delete: null }) : "";
  return `/documents${query === "?" ? "" : query}`;
}

/**
 * The multipart POST of /documents (and of the stakeholder and property Documents tabs, which send
 * `returnTo`): streams the file into the store, validates the fields, records the document.
 */
async function uploadAction(request: Request) {
  const access = await getSelectedProjectAccess(request);
  if (!access) return redirectWithFlash(request, "/documents", { kind: "error", title: "Upload failed", description: "No project selected" });
  let fields: Record<string, string> = {};
  let returnTo: string | null = null;
  try {
    const upload = await receiveProjectUpload(request, {
      extensions: DOCUMENT_EXTENSIONS,
      kind: "documents",
      resolveAccess: async (received) => {
        fields = received;
        returnTo = received.returnTo ? safeRedirectPath(received.returnTo, "/documents") : null;
        return access;
      },
    });
    fields = upload.fields;
    returnTo = fields.returnTo ? safeRedirectPath(fields.returnTo, "/documents") : null;
    const formData = new FormData();
    for (const [key, value] of Object.entries(fields)) formData.set(key, value);
    const { data, response } = await validateForm(formData, documentUploadValidator, UPLOAD_FORM_ID);
    if (response) {
      await upload.discard();
      if (returnTo) return redirectWithFlash(request, returnTo, { kind: "error", title: "Upload failed", description: "Failed to upload document: please check the details and try again." });
      return response;
    }
    const document = await createDocument(upload.access, upload.file, data);
    return redirectWithFlash(request, returnTo ?? "/documents", { kind: "success", title: "Document uploaded", description: `${document.original_file_name} was uploaded successfully.` });
  } catch (caught) {
    if (!(caught instanceof AppError)) console.error("Document upload failed", caught);
    const error = caught instanceof AppError ? caught : new UploadError(503, "Failed to upload document");
    if (!isRecoverableUploadError(error)) throw error;
    if (returnTo) return redirectWithFlash(request, returnTo, { kind: "error", title: "Upload failed", description: error.message });
    const field = error instanceof UploadError ? error.field : "file";
    return validationError({ formId: UPLOAD_FORM_ID, fieldErrors: { [field]: error.message } }, fields, { status: error.status });
  }
}

/** The POSTs of /documents: upload (multipart), edit notes, delete. The module functions check the permission. */
export async function documentsAction(request: Request): Promise<Response> {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return uploadAction(request);
  const access = await getSelectedProjectAccess(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = backTo(formData);
  if (intent === "edit") {
    if (!access) return redirectWithFlash(request, "/documents", { kind: "error", title: "Update failed", description: "No project selected" });
    const { data, response } = await validateForm(formData, documentEditValidator, EDIT_FORM_ID);
    if (response) return response;
    try {
      const document = await updateDocument(access, formData.get("id"), data);
      return redirectWithFlash(request, back, { kind: "success", title: "Document updated", description: `Notes for ${document.original_file_name} were saved.` });
    } catch (error) {
      if (error instanceof AppError && isRecoverableUploadError(error)) return redirectWithFlash(request, back, { kind: "error", title: "Update failed", description: "Failed to update document" });
      throw error;
    }
  }
  if (intent === "delete") {
    if (!access) return redirectWithFlash(request, "/documents", { kind: "error", title: "Delete failed", description: "No project selected" });
    try {
      const { originalFileName } = await deleteDocument(access, formData.get("id"));
      return redirectWithFlash(request, back, { kind: "success", title: "Document deleted", description: `${originalFileName} was deleted.` });
    } catch (error) {
      if (error instanceof AppError && isRecoverableUploadError(error)) return redirectWithFlash(request, back, { kind: "error", title: "Delete failed", description: "Failed to delete document" });
      throw error;
    }
  }
  throw new AppError(400, "Unknown action");
}
