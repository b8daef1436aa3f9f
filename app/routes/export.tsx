import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button, Callout, Heading, Text } from "~/components/radix";
import { ColumnListForm } from "~/components/export/ColumnListForm";
import { ExportChooser } from "~/components/export/ExportChooser";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { exportPageAction } from "~/modules/export/export-actions.server";
import { EXPORT_TYPE_LABELS } from "~/modules/export/export-types";
import { loadExportPage } from "~/modules/export/export-page.server";
import { EXPORT_MODE_LABELS, NO_PROJECT_MESSAGE, NO_PROJECT_TITLE } from "~/modules/export/export-modes";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Export to Excel" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadExportPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => exportPageAction(request));

export default function ExportPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const header = <PageHeader title="Export to Excel" subtitle="Choose what to export, arrange the columns, and download a workbook or CSV file." />;
  if (!data.project) {
    return (
      <>
        {header}
        <Callout.Root asChild color="amber" size="3" className="notice-panel">
          <section aria-labelledby="no-project-title">
            <Heading as="h2" id="no-project-title" size="5">
              {NO_PROJECT_TITLE}
            </Heading>
            <Callout.Text>{NO_PROJECT_MESSAGE}.</Callout.Text>
            <div>
              <Button asChild>
                <Link to="/">Go to Dashboard &amp; Select Project</Link>
              </Button>
            </div>
          </section>
        </Callout.Root>
      </>
    );
  }
  const view = `${data.type}-${data.mode}`;
  return (
    <>
      {header}
      <ProjectBanner project={data.project} />
      <ExportChooser key={view} type={data.type} mode={data.mode} />
      {data.modeNotice ? (
        <Callout.Root color="amber" role="note">
          <Callout.Text>{data.modeNotice}</Callout.Text>
        </Callout.Root>
      ) : null}
      <section aria-labelledby="export-columns-title" className="stack">
        <Heading as="h2" size="5" id="export-columns-title">
          Columns: {EXPORT_TYPE_LABELS[data.type]}, {EXPORT_MODE_LABELS[data.mode]}
        </Heading>
        <Text as="p" color="gray">
          Only rows that are enabled and have both a database field and a column name are exported; the others are marked Excluded.
        </Text>
        <ColumnListForm
          key={view}
          projectId={data.project.id}
          type={data.type}
          mode={data.mode}
          action={`${location.pathname}${location.search}`}
          options={data.options}
          initialMappings={data.mappings}
          fileNames={data.fileNames}
        />
      </section>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/", label: "Back to Dashboard" }} />;
