import { validationError } from "remix-validated-form";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { TEMPLATE_EXTENSIONS } from "~/modules/document/file-types";
import { receiveProjectUpload } from "~/modules/document/receive.server";
import { isRecoverableUploadError, UploadError } from "~/modules/document/upload.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { TEMPLATE_EDIT_FORM_ID, TEMPLATE_UPLOAD_FORM_ID, templateEditValidator, templateUploadValidator } from "./schemas";
import { createTemplate, deleteTemplate, updateTemplate } from "./template.server";

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
    if (!(caught instanceof AppError)) console.error("Template upload failed", caught);
    const error = caught instanceof AppError ? caught : new UploadError(503, "Upload failed");
    if (!isRecoverableUploadError(error)) throw error;
    const field = error instanceof UploadError ? error.field : "file";
    // The spec also wants templateName required when the file is missing: check it from what was sent.
    const fieldErrors: Record<string, string> = { [field]: error.message };
    if (!fields.templateName?.trim() && error.message.startsWith("No file selected")) fieldErrors.templateName = "Template name is required";
    return validationError({ formId: TEMPLATE_UPLOAD_FORM_ID, fieldErrors }, fields, { status: error.status });
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
      if (error instanceof AppError && isRecoverableUploadError(error)) return redirectWithFlash(request, "/templates", { kind: "error", title: "Update failed", description: error.message });
      throw error;
    }
  }
  if (intent === "delete") {
    if (!access) return redirectWithFlash(request, "/templates", { kind: "error", title: "Delete failed", description: "No project selected" });
    try {
      const { templateName } = await deleteTemplate(access, formData.get("id"));
      return redirectWithFlash(request, "/templates", { kind: "success", title: "Template deleted successfully", description: templateName });
    } catch (error) {
      if (error instanceof AppError && isRecoverableUploadError(error)) return redirectWithFlash(request, "/templates", { kind: "error", title: "Delete failed", description: error.message });
      throw error;
    }
  }
  throw new AppError(400, "Unknown action");
}
