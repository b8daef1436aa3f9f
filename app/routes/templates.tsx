import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { rethrowAsHttp } from "~/utils/http.server";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { validateForm } from "~/components/form/validation.server";
import { Pagination } from "~/components/records/Pagination";
import { ProjectBanner } from "~/components/records/ProjectState";
import { TemplateCard } from "~/components/templates/TemplateCard";
import { DeleteTemplatePanel, EditTemplatePanel, UploadTemplatePanel } from "~/components/templates/TemplateForms";
import { getSelectedProjectAccess } from "~/modules/auth/guards.server";
import { TEMPLATE_EXTENSIONS } from "~/modules/document/file-types";
import { receiveProjectUpload } from "~/modules/document/receive.server";
import { UploadError } from "~/modules/document/upload.server";
import { TEMPLATE_EDIT_FORM_ID, TEMPLATE_UPLOAD_FORM_ID, templateEditValidator, templateUploadValidator } from "~/modules/template/schemas";
import { createTemplate, deleteTemplate, findTemplate, listTemplates, templateAbilities, TEMPLATE_PAGE_SIZE, toTemplateJson, updateTemplate } from "~/modules/template/template.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/utils/flash.server";
import { parseListQuery } from "~/utils/list-query";
import styles from "~/styles/documents.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Template Documents" };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const access = await getSelectedProjectAccess(request, "viewData").catch(rethrowAsHttp);
  if (!access) return json({ state: "no-project" as const });
  const client = access.project.client as { name?: string } | null;
  const project = { id: access.project.id, name: access.project.name, clientName: client?.name ?? null };
  const abilities = templateAbilities(access);
  const { page, offset } = parseListQuery(params, { sortKeys: ["created"] as const, defaultSort: "created", pageSize: TEMPLATE_PAGE_SIZE });
  const editParam = abilities.canEdit ? params.get("edit") : null;
  const deleteParam = abilities.canDelete ? params.get("delete") : null;
  const [editing, deleting] = await Promise.all([
    editParam ? findTemplate(access, editParam).then(toTemplateJson).catch(rethrowAsHttp) : null,
    deleteParam ? findTemplate(access, deleteParam).then(toTemplateJson).catch(rethrowAsHttp) : null,
  ]);
  const dialogs = { uploading: abilities.canEdit && params.get("upload") === "1", editing, deleting };
  try {
    const list = await listTemplates(access, { limit: TEMPLATE_PAGE_SIZE, offset });
    return json({ state: "ready" as const, project, ...abilities, ...dialogs, ...list, page, pageSize: TEMPLATE_PAGE_SIZE });
  } catch (error) {
    console.error("Failed to load templates", error);
    return json({ state: "error" as const, project, ...abilities, ...dialogs }, { status: 500 });
  }
}

async function uploadAction(request: Request) {
  const access = await getSelectedProjectAccess(request, "viewData").catch(rethrowAsHttp);
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
  } catch (error) {
    if (!(error instanceof AppError)) console.error("Template upload failed", error);
    const failure = error instanceof AppError ? error : new UploadError(503, "Upload failed");
    if (failure.status === 403 || (failure.status === 404 && !(failure instanceof UploadError))) rethrowAsHttp(failure);
    const field = failure instanceof UploadError ? failure.field : "file";
    // The spec also wants templateName required when the file is missing: check it from what was sent.
    const fieldErrors: Record<string, string> = { [field]: failure.message };
    if (!fields.templateName?.trim() && failure.message.startsWith("No file selected")) fieldErrors.templateName = "Template name is required";
    return validationError({ formId: TEMPLATE_UPLOAD_FORM_ID, fieldErrors }, fields, { status: failure.status });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return uploadAction(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "edit") {
    const access = await getSelectedProjectAccess(request, "editData").catch(rethrowAsHttp);
    if (!access) return redirectWithFlash(request, "/templates", { kind: "error", title: "Update failed", description: "No project selected" });
    const { data, response } = await validateForm(formData, templateEditValidator, TEMPLATE_EDIT_FORM_ID);
    if (response) return response;
    try {
      const template = await updateTemplate(access, formData.get("id"), data);
      return redirectWithFlash(request, "/templates", { kind: "success", title: "Template updated successfully", description: template.templateName });
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status !== 403) return redirectWithFlash(request, "/templates", { kind: "error", title: "Update failed", description: error.message });
      rethrowAsHttp(error);
    }
  }
  if (intent === "delete") {
    const access = await getSelectedProjectAccess(request, "deleteData").catch(rethrowAsHttp);
    if (!access) return redirectWithFlash(request, "/templates", { kind: "error", title: "Delete failed", description: "No project selected" });
    try {
      const { templateName } = await deleteTemplate(access, formData.get("id"));
      return redirectWithFlash(request, "/templates", { kind: "success", title: "Template deleted successfully", description: templateName });
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status !== 403) return redirectWithFlash(request, "/templates", { kind: "error", title: "Delete failed", description: error.message });
      rethrowAsHttp(error);
    }
  }
  throw json({ message: "Unknown action" }, { status: 400 });
}

export default function Templates() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Template Documents</h1>
        <Link to="/" className="button button--ghost">
          Dashboard
        </Link>
      </div>
      {data.state === "no-project" ? (
        <section className="card card--centered notice-panel" aria-labelledby="no-project-title">
          <h2 id="no-project-title">No Project Selected</h2>
          <p>Please select a project from the dashboard to see and upload its template documents.</p>
          <Link className="button" to="/">
            Go to Dashboard
          </Link>
        </section>
      ) : (
        <>
          <ProjectBanner project={data.project} />
          {data.uploading ? <UploadTemplatePanel closeTo="/templates" /> : null}
          {data.editing ? <EditTemplatePanel template={data.editing} closeTo="/templates" /> : null}
          {data.deleting ? <DeleteTemplatePanel template={data.deleting} closeTo="/templates" /> : null}
          {data.canEdit && !data.uploading ? (
            <p>
              <Link to="?upload=1" className="button" preventScrollReset>
                Upload Template
              </Link>
            </p>
          ) : null}
          {data.state === "error" ? (
            <section className="card card--centered" role="alert" aria-labelledby="templates-error-title">
              <h2 id="templates-error-title">Error Loading Templates</h2>
              <p>Failed to load templates. Please try refreshing the page.</p>
            </section>
          ) : data.templates.length === 0 ? (
            <section className="card card--centered" aria-labelledby="templates-empty-title">
              <h2 id="templates-empty-title">No Templates</h2>
              <p>{data.total ? "There are no templates on this page." : data.canEdit ? "Upload your first template document to share it with the project team." : "No template documents have been uploaded to this project yet."}</p>
            </section>
          ) : (
            <section aria-labelledby="templates-title">
              <h2 id="templates-title">
                Templates <span className="muted">({data.total})</span>
              </h2>
              <ul className="card-grid">
                {data.templates.map((template) => (
                  <TemplateCard key={template.id} template={template} projectId={data.project.id} canEdit={data.canEdit} canDelete={data.canDelete} />
                ))}
              </ul>
              <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Templates" />
            </section>
          )}
        </>
      )}
    </>
  );
}
