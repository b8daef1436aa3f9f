import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, Heading } from "~/components/radix";
import { ImportHistoryTable, UndoImportPanel } from "~/components/import/ImportHistory";
import { PageHeader, EmptyState, Pagination, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { historyAction } from "~/modules/import/import-actions.server";
import { loadHistoryPage } from "~/modules/import/import-page.server";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Import History" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadHistoryPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => historyAction(request));

export default function ImportHistory() {
  const data = useLoaderData<typeof loader>();
  const header = (
    <PageHeader title="Import History">
      {data.project && data.canImport ? (
        <Button asChild>
          <Link to="/import">Import Data</Link>
        </Button>
      ) : null}
    </PageHeader>
  );
  if (!data.project) {
    return (
      <>
        {header}
        <NoProjectSelected what="its imports" />
      </>
    );
  }
  return (
    <>
      {header}
      <ProjectBanner project={data.project} />
      {data.undoing ? <UndoImportPanel row={data.undoing} /> : null}
      <section aria-labelledby="history-title" className="stack">
        <Heading as="h2" size="5" id="history-title">
          Imports ({data.total.toLocaleString("en-AU")})
        </Heading>
        {data.imports.length ? (
          <ImportHistoryTable imports={data.imports} canImport={data.canImport} />
        ) : (
          <EmptyState id="no-imports">{data.total ? "There are no imports on this page." : "No files have been imported into this project yet."}</EmptyState>
        )}
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Imports" />
      </section>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Import not found" back={{ to: "/imports", label: "Back to Import history" }} />;
