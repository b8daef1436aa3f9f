import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { rethrowAsHttp } from "~/utils/http.server";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { DeleteDocumentPanel, EditNotesPanel } from "~/components/documents/DocumentDialogs";
import { CATEGORY_OPTIONS, DocumentUploadForm } from "~/components/documents/DocumentUploadForm";
import { DocumentStats } from "~/components/documents/DocumentStats";
import { DocumentsTable } from "~/components/documents/DocumentsTable";
import { validateForm } from "~/components/form/validation.server";
import { Pagination } from "~/components/records/Pagination";
import { NoProjectSelected, ProjectBanner } from "~/components/records/ProjectState";
import { getSelectedProjectAccess } from "~/modules/auth/guards.server";
import { createDocument, deleteDocument, documentAbilities, documentStats, getDocumentJson, listDocuments, updateDocument, uploadFormOptions } from "~/modules/document/document.server";
import { DOCUMENT_EXTENSIONS } from "~/modules/document/file-types";
import { receiveProjectUpload } from "~/modules/document/receive.server";
import { documentEditValidator, documentUploadValidator, EDIT_FORM_ID, isDocumentCategory, UPLOAD_FORM_ID } from "~/modules/document/schemas";
import { UploadError } from "~/modules/document/upload.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/utils/flash.server";
import { safeRedirectPath } from "~/utils/http.server";
import { parseListQuery, withParams } from "~/utils/list-query";
import styles from "~/styles/documents.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Document Management" };

const PAGE_SIZE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const access = await getSelectedProjectAccess(request, "viewData").catch(rethrowAsHttp);
  if (!access) return json({ project: null });

  const { search, page, offset } = parseListQuery(params, { sortKeys: ["created"] as const, defaultSort: "created", pageSize: PAGE_SIZE });
  const categoryParam = params.get("category");
  const category = isDocumentCategory(categoryParam) ? categoryParam : null;
  const abilities = documentAbilities(access);
  const dialogId = (name: "edit" | "delete", allowed: boolean) => {
    const value = params.get(name);
    return value && allowed ? Number.parseInt(value, 10) : null;
  };
  const editId = dialogId("edit", abilities.canEdit);
  const deleteId = dialogId("delete", abilities.canDelete);
  const [list, stats, options, editing, deleting] = await Promise.all([
    listDocuments(access, { search, category, limit: PAGE_SIZE, offset }),
    documentStats(access),
    abilities.canEdit && editId === null && deleteId === null ? uploadFormOptions(access) : null,
    editId === null ? null : getDocumentJson(access, editId).catch(rethrowAsHttp),
    deleteId === null ? null : getDocumentJson(access, deleteId).catch(rethrowAsHttp),
  ]);
  const client = access.project.client as { name?: string } | null;
  return json({
    project: { id: access.project.id, name: access.project.name, clientName: client?.name ?? null },
    ...abilities,
    search,
    category,
    page,
    pageSize: PAGE_SIZE,
    ...list,
    stats,
    options,
    editing,
    deleting,
  });
}

/** Where to go after an edit or delete: the list URL the form was opened from, dialogs closed. */
function backTo(formData: FormData) {
  const back = formData.get("back");
  const query = typeof back === "string" && back.startsWith("?") ? withParams(back, { edit: null, delete: null }) : "";
  return `/documents${query === "?" ? "" : query}`;
}

async function uploadAction(request: Request) {
  const access = await getSelectedProjectAccess(request, "viewData").catch(rethrowAsHttp);
  let fields: Record<string, string> = {};
  let returnTo: string | null = null;
  const fail = async (error: UploadError | AppError) => {
    if (error.status === 403 || (error.status === 404 && !(error instanceof UploadError))) rethrowAsHttp(error);
    if (returnTo) return redirectWithFlash(request, returnTo, { kind: "error", title: "Upload failed", description: error.message });
    const field = error instanceof UploadError ? error.field : "file";
    return validationError({ formId: UPLOAD_FORM_ID, fieldErrors: { [field]: error.message } }, fields, { status: error.status });
  };
  if (!access) return redirectWithFlash(request, "/documents", { kind: "error", title: "Upload failed", description: "No project selected" });
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
  } catch (error) {
    if (error instanceof AppError) return fail(error);
    console.error("Document upload failed", error);
    return fail(new UploadError(503, "Failed to upload document"));
  }
}

export async function action({ request }: ActionFunctionArgs) {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return uploadAction(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = backTo(formData);
  if (intent === "edit") {
    const access = await getSelectedProjectAccess(request, "editData").catch(rethrowAsHttp);
    if (!access) return redirectWithFlash(request, "/documents", { kind: "error", title: "Update failed", description: "No project selected" });
    const { data, response } = await validateForm(formData, documentEditValidator, EDIT_FORM_ID);
    if (response) return response;
    try {
      const document = await updateDocument(access, formData.get("id"), data);
      return redirectWithFlash(request, back, { kind: "success", title: "Document updated", description: `Notes for ${document.original_file_name} were saved.` });
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status !== 403) return redirectWithFlash(request, back, { kind: "error", title: "Update failed", description: "Failed to update document" });
      rethrowAsHttp(error);
    }
  }
  if (intent === "delete") {
    const access = await getSelectedProjectAccess(request, "deleteData").catch(rethrowAsHttp);
    if (!access) return redirectWithFlash(request, "/documents", { kind: "error", title: "Delete failed", description: "No project selected" });
    try {
      const { originalFileName } = await deleteDocument(access, formData.get("id"));
      return redirectWithFlash(request, back, { kind: "success", title: "Document deleted", description: `${originalFileName} was deleted.` });
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status !== 403) return redirectWithFlash(request, back, { kind: "error", title: "Delete failed", description: "Failed to delete document" });
      rethrowAsHttp(error);
    }
  }
  throw json({ message: "Unknown action" }, { status: 400 });
}

export default function Documents() {
  const data = useLoaderData<typeof loader>();
  const { search: query } = useLocation();
  if (!("stats" in data) || !data.project) {
    return (
      <>
        <DocumentsHeader />
        <NoProjectSelected what="documents" />
      </>
    );
  }
  const closeTo = `/documents${withParams(query, { edit: null, delete: null })}`.replace(/\?$/, "");
  const back = withParams(query, { edit: null, delete: null });
  const filtered = Boolean(data.search || data.category);
  return (
    <>
      <DocumentsHeader />
      <ProjectBanner project={data.project} />
      {data.editing ? <EditNotesPanel document={data.editing} closeTo={closeTo} back={back} /> : null}
      {data.deleting ? <DeleteDocumentPanel document={data.deleting} closeTo={closeTo} back={back} /> : null}
      <div className="stack">
        <DocumentStats stats={data.stats} />
        {data.options ? <DocumentUploadForm stakeholders={data.options.stakeholders} properties={data.options.properties} /> : null}
        <section aria-labelledby="documents-list-title">
          <h2 id="documents-list-title">Documents</h2>
          <Form method="get" className="toolbar" role="search" aria-label="Documents">
            <div className="field">
              <label htmlFor="documents-search" className="field__label">
                Search file name, description or tags
              </label>
              <input key={data.search} id="documents-search" className="field__input" type="search" name="search" defaultValue={data.search} maxLength={200} />
            </div>
            <div className="field">
              <label htmlFor="documents-category" className="field__label">
                Category
              </label>
              <select key={data.category ?? ""} id="documents-category" className="field__input" name="category" defaultValue={data.category ?? ""}>
                <option value="">All categories</option>
                {CATEGORY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button">
              Search
            </button>
            {filtered ? (
              <Link to="/documents" className="button button--ghost">
                Clear filters
              </Link>
            ) : null}
          </Form>
          {data.documents.length ? (
            <DocumentsTable documents={data.documents} projectId={data.project.id} caption={filtered ? `Documents matching your search (${data.total})` : `All documents (${data.total})`} search={query} canEdit={data.canEdit} canDelete={data.canDelete} />
          ) : (
            <div className="card card--centered">
              <p>{filtered ? "No documents match your search. Try adjusting your search or category." : data.total ? "There are no documents on this page." : "No documents uploaded yet."}</p>
            </div>
          )}
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Documents" />
        </section>
      </div>
    </>
  );
}

function DocumentsHeader() {
  return (
    <div className="page-header">
      <h1>Document Management</h1>
      <Link to="/" className="button button--ghost">
        Dashboard
      </Link>
    </div>
  );
}
