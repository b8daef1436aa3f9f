import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GrievanceClockPage } from "~/components/project-phases/GrievanceClockForm";
import { PhasesErrorBoundary } from "~/components/project-phases/PhaseFormPage";
import { requirePhaseProject } from "~/modules/project-lifecycle/phase-access.server";
import { grievanceClockAction, loadGrievanceClockPage } from "~/modules/project-lifecycle/grievance-clock.server";
import styles from "~/styles/project-phases.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Grievance clock: Project Phases" };

export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(async () => json(loadGrievanceClockPage(await requirePhaseProject(request, params.id), request)));

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => grievanceClockAction(request, params.id));

export default function GrievanceClock() {
  return <GrievanceClockPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PhasesErrorBoundary;
