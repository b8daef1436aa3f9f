import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { TEMPLATE_EXTENSIONS } from "~/modules/document/file-types";
import { receiveProjectUpload } from "~/modules/document/receive.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { UploadError } from "~/modules/document/upload.server";
import { AppError, FieldError } from "~/utils/app-error";
import { errorResponse } from "~/utils/http.server";
import { TEMPLATE_EDIT_FORM_ID, TEMPLATE_UPLOAD_FORM_ID, templateEditValidator, templateUploadValidator } from "./schemas";
import { createTemplate, deleteTemplate, updateTemplate } from "./template.server";
import { log } from "~/utils/log.server";

const fieldOf = (error: AppError) => (error instanceof FieldError ? error.field : "file");

async function uploadAction(request: Request) {
  const access = await getSelectedProjectAccess(request);
  if (!access) return redirectWithFlash(request, "/templates", { kind: "error", title: "Upload failed", description: "No project selected" });
  let fields: Record<string, string> = {};
  try {
    const upload = await receiveProjectUpload(request, { extensions: TEMPLATE_EXTENSIONS, kind: "templates", resolveAccess: async () => access });
    fields = upload.fields;
    const formData = new FormData();
    for (const [key, value] of Object.entries(fields)) formData.set(key, value);
    const { data, response } = await validateForm(formData, templateUploadValidator, TEMPLATE_UPLOAD_FORM_ID);
    if (response) {
      await upload.discard();
      return response;
    }
    await createTemplate(upload.access, upload.file, data);
    return redirectWithFlash(request, "/templates", { kind: "success", title: "Template uploaded successfully", description: data.templateName });
  } catch (caught) {
    if (!(caught instanceof AppError)) log.error({ component: "templates", err: caught }, "Template upload failed");
    const error = caught instanceof AppError ? caught : new UploadError(503, "Upload failed");
    // The spec also wants templateName required when the file is missing: check it from what was sent.
    const withName = (refused: AppError) =>
      !fields.templateName?.trim() && refused.message.startsWith("No file selected") ? { [fieldOf(refused)]: refused.message, templateName: "Template name is required" } : null;
    return errorResponse(error, { form: "summary", failures: true, formId: TEMPLATE_UPLOAD_FORM_ID, field: "file", values: fields, fieldErrors: withName });
  }
}

/** The POSTs of /templates: upload (multipart), edit, delete. The module functions check the permission. */
export async function templatesAction(request: Request): Promise<Response> {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return uploadAction(request);
  const access = await getSelectedProjectAccess(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "edit") {
    if (!access) return redirectWithFlash(request, "/templates", { kind: "error", title: "Update failed", description: "No project selected" });
    const { data, response } = await validateForm(formData, templateEditValidator, TEMPLATE_EDIT_FORM_ID);
    if (response) return response;
    try {
      const template = await updateTemplate(access, formData.get("id"), data);
      return redirectWithFlash(request, "/templates", { kind: "success", title: "Template updated successfully", description: template.templateName });
    } catch (error) {
      return errorResponse(error, { form: "none", failures: true, title: "Update failed", redirect: (flash) => redirectWithFlash(request, "/templates", flash) });
    }
  }
  if (intent === "delete") {
    if (!access) return redirectWithFlash(request, "/templates", { kind: "error", title: "Delete failed", description: "No project selected" });
    try {
      const { templateName } = await deleteTemplate(access, formData.get("id"));
      return redirectWithFlash(request, "/templates", { kind: "success", title: "Template deleted successfully", description: templateName });
    } catch (error) {
      return errorResponse(error, { form: "none", failures: true, title: "Delete failed", redirect: (flash) => redirectWithFlash(request, "/templates", flash) });
    }
  }
  throw new AppError(400, "Unknown action");
}
