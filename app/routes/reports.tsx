import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorSummary, NoProjectSelected, PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ReportBody, ReportPackForm, ReportRangeForm, ReportScheduleForm } from "~/components/reports/ReportsPage";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { PACK_DOCUMENTS_PATH, reportsAction } from "~/modules/reports/pack-actions.server";
import { loadReportsPage } from "~/modules/reports/reports-page.server";
import { handleAppErrors } from "~/utils/http.server";

// A refused range is the GET form's failure: the title says so, as a failed POST's does.
export const handle = { pageTitle: (data: unknown) => ((data as { errors?: unknown } | undefined)?.errors ? "Error: Reports" : "Reports") };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    const data = await loadReportsPage(access, new URL(request.url));
    return json(data, { status: data.errors ? 400 : 200 });
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => reportsAction(request));

export default function ReportsPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Reports" subtitle="No project selected" />
        <NoProjectSelected what="reports" />
      </div>
    );
  }
  return (
    <div className="stack">
      <PageHeader title="Reports" subtitle={data.project.name} />
      <ProjectBanner project={data.project} />
      <ErrorSummary errors={data.errors} />
      <ReportRangeForm values={data.values} errors={data.errors} />
      {data.keyFigures && data.canMakePack ? <ReportPackForm range={data.values} documentsPath={PACK_DOCUMENTS_PATH} /> : null}
      {data.keyFigures && data.charts ? <ReportBody keyFigures={data.keyFigures} charts={data.charts} /> : null}
      {data.canMakePack ? <ReportScheduleForm schedule={data.schedule} range={data.values} /> : null}
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary />;
