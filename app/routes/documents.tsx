import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button, Heading } from "~/components/radix";
import { DeleteDocumentPanel, EditNotesPanel } from "~/components/documents/DocumentDialogs";
import { DocumentStats } from "~/components/documents/DocumentStats";
import { DocumentsTable } from "~/components/documents/DocumentsTable";
import { DocumentsToolbar } from "~/components/documents/DocumentsToolbar";
import { DocumentUploadForm } from "~/components/documents/DocumentUploadForm";
import { PageHeader, EmptyState, Pagination, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { documentsAction } from "~/modules/document/documents-actions.server";
import { loadDocumentsPage } from "~/modules/document/documents-page.server";
import styles from "~/styles/documents.css";
import { handleAppErrors } from "~/utils/http.server";
import { withParams } from "~/utils/list-query";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Document Management" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadDocumentsPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => documentsAction(request));

function DocumentsHeader() {
  return (
    <PageHeader title="Document Management">
      <Button asChild variant="outline">
        <Link to="/">Dashboard</Link>
      </Button>
    </PageHeader>
  );
}

export default function Documents() {
  const data = useLoaderData<typeof loader>();
  const { search: query } = useLocation();
  if (!data.project) {
    return (
      <>
        <DocumentsHeader />
        <NoProjectSelected what="documents" />
      </>
    );
  }
  const back = withParams(query, { edit: null, delete: null });
  const closeTo = `/documents${back}`.replace(/\?$/, "");
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
          <Heading as="h2" id="documents-list-title" size="5">
            Documents
          </Heading>
          <DocumentsToolbar search={data.search} category={data.category} />
          {data.documents.length ? (
            <DocumentsTable
              documents={data.documents}
              projectId={data.project.id}
              caption={filtered ? `Documents matching your search (${data.total})` : `All documents (${data.total})`}
              search={query}
              canEdit={data.canEdit}
              canDelete={data.canDelete}
            />
          ) : (
            <EmptyState id="no-documents">
              {filtered ? "No documents match your search. Try adjusting your search or category." : data.total ? "There are no documents on this page." : "No documents uploaded yet."}
            </EmptyState>
          )}
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Documents" />
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Document not found" back={{ to: "/documents", label: "Back to Documents" }} />;
