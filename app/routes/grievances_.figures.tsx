import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/radix";
import { ErrorSummary, NoProjectSelected, PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { FiguresPeriodForm, GrievanceFiguresTables } from "~/components/grievances/GrievanceFigures";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { loadGrievanceFiguresPage } from "~/modules/grievances/figures.server";
import { handleAppErrors } from "~/utils/http.server";

// A refused period is the GET form's failure: the title says so, as a failed POST's does.
export const handle = { pageTitle: (data: unknown) => ((data as { errors?: unknown } | undefined)?.errors ? "Error: Grievance figures" : "Grievance figures") };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    const data = await loadGrievanceFiguresPage(access, new URL(request.url));
    return json(data, { status: data.errors ? 400 : 200 });
  });

export default function GrievanceFiguresPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Grievance figures" subtitle="No project selected" />
        <NoProjectSelected what="grievances" />
      </div>
    );
  }
  return (
    <div className="stack">
      <PageHeader title="Grievance figures" subtitle={data.project.name}>
        <Button asChild variant="outline">
          <Link to="/grievances">Back to Grievances</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <ErrorSummary errors={data.errors} />
      <FiguresPeriodForm values={data.values} errors={data.errors} />
      {data.report ? (
        <>
          {data.excelUrl ? (
            <p>
              <Button asChild variant="soft">
                <a href={data.excelUrl}>Download as Excel</a>
              </Button>
            </p>
          ) : null}
          <GrievanceFiguresTables figures={data.report.figures} jurisdictionLabel={data.report.clock.jurisdictionLabel} />
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/grievances", label: "Back to Grievances" }} />;
