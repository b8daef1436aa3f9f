import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/radix";
import { PageHeader, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { GrievanceDetails } from "~/components/grievances/GrievanceDetails";
import { GrievanceForm } from "~/components/grievances/GrievanceForm";
import { GrievanceLinks } from "~/components/grievances/GrievanceLinks";
import { GrievanceStageForms } from "~/components/grievances/GrievanceStageForms";
import { GrievanceTimeline } from "~/components/grievances/GrievanceTimeline";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { grievanceAction } from "~/modules/grievances/grievances-actions.server";
import { loadGrievancePage } from "~/modules/grievances/grievance-page.server";
import { grievancePath } from "~/modules/grievances/urls";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Grievance" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadGrievancePage(access, params.id, new URL(request.url)));
  });

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => grievanceAction(request, params.id));

export default function GrievancePage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Grievance" subtitle="No project selected" />
        <NoProjectSelected what="grievances" />
      </div>
    );
  }
  const g = data.grievance;
  const path = grievancePath(g.id);
  const keep = Object.fromEntries([...new URLSearchParams(search).entries()].filter(([name]) => name !== "who" && name !== "where"));
  return (
    <div className="stack">
      <PageHeader title={`Grievance ${g.reference}`} subtitle={data.project.name}>
        <Button asChild variant="outline">
          <Link to="/grievances">Back to Grievances</Link>
        </Button>
        {data.canEdit && !data.form ? (
          <Button asChild>
            <Link to={`${path}?edit=1`} preventScrollReset>
              Edit grievance
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <ProjectBanner project={data.project} />
      {data.form ? <GrievanceForm mode="edit" values={data.form.values} choices={data.form.choices} closeTo={path} keep={keep} /> : null}
      <GrievanceDetails g={g} timeZone={data.timeZone} />
      {data.canEdit && !data.form ? <GrievanceStageForms stage={g.stage} moves={data.moves} open={data.open} version={g.version} /> : null}
      <GrievanceLinks grievanceId={g.id} links={data.links} canEdit={data.canEdit} />
      <GrievanceTimeline events={data.timeline} timeZone={data.timeZone} />
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Grievance not found" back={{ to: "/grievances", label: "Back to Grievances" }} />;
