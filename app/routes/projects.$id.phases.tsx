import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/radix";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { GrievanceClockCard } from "~/components/project-phases/GrievanceClockForm";
import { InboundMailCard } from "~/components/inbound-mail/InboundMailSettings";
import { PhaseCards, ProcessFlow } from "~/components/project-phases/PhaseCards";
import { PhasesErrorBoundary } from "~/components/project-phases/PhaseFormPage";
import { PhasesLoadError } from "~/components/project-phases/PhasesLoadError";
import { requirePhaseProject } from "~/modules/project-lifecycle/phase-access.server";
import { FORM_TITLE, FORM_VERSION } from "~/modules/project-lifecycle/phase-fields";
import { loadPhasesOverview, loadPhasesScreen } from "~/modules/project-lifecycle/phases-page.server";
import styles from "~/styles/project-phases.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Project Phases" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const data = await loadPhasesScreen(async () => loadPhasesOverview(await requirePhaseProject(request, params.id)));
    return json(data, { status: "loadError" in data ? 500 : 200 });
  });

export default function ProjectPhases() {
  const data = useLoaderData<typeof loader>();
  if ("loadError" in data) return <PhasesLoadError message={data.loadError} />;
  return (
    <div className="stack">
      <PageHeader title={FORM_TITLE} subtitle={`Project phases · Form version ${FORM_VERSION}`}>
        <Button asChild variant="outline">
          <Link to="/">Back to Dashboard</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <PhaseCards data={data} />
      <ProcessFlow />
      <GrievanceClockCard projectId={data.project.id} />
      <InboundMailCard projectId={data.project.id} />
    </div>
  );
}

export const ErrorBoundary = PhasesErrorBoundary;
