import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse, safeRedirectPath } from "~/utils/http.server";
import { withParams } from "~/utils/list-query";
import { createDocument, deleteDocument, updateDocument } from "./document.server";
import { DOCUMENT_EXTENSIONS } from "./file-types";
import { receiveProjectUpload } from "./receive.server";
import { documentEditValidator, documentUploadValidator, EDIT_FORM_ID, UPLOAD_FORM_ID } from "./schemas";
import { UploadError } from "./upload.server";
import { log } from "~/utils/log.server";

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
    if (!(caught instanceof AppError)) log.error({ component: "documents", err: caught }, "Document upload failed");
    const error = caught instanceof AppError ? caught : new UploadError(503, "Failed to upload document");
    // From a record's panel (returnTo) the refusal is a flash there; on /documents it is the form's.
    const back = returnTo;
    return errorResponse(error, {
      form: back ? "none" : "summary",
      failures: true,
      formId: UPLOAD_FORM_ID,
      field: "file",
      values: fields,
      title: "Upload failed",
      redirect: (flash) => redirectWithFlash(request, back ?? "/documents", flash),
    });
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
      return errorResponse(error, { form: "none", failures: true, title: "Update failed", message: "Failed to update document", redirect: (flash) => redirectWithFlash(request, back, flash) });
    }
  }
  if (intent === "delete") {
    if (!access) return redirectWithFlash(request, "/documents", { kind: "error", title: "Delete failed", description: "No project selected" });
    try {
      const { originalFileName } = await deleteDocument(access, formData.get("id"));
      return redirectWithFlash(request, back, { kind: "success", title: "Document deleted", description: `${originalFileName} was deleted.` });
    } catch (error) {
      return errorResponse(error, { form: "none", failures: true, title: "Delete failed", message: "Failed to delete document", redirect: (flash) => redirectWithFlash(request, back, flash) });
    }
  }
  throw new AppError(400, "Unknown action");
}
