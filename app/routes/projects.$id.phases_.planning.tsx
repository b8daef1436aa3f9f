import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PhaseFormPage, PhasesErrorBoundary } from "~/components/project-phases/PhaseFormPage";
import { requirePhaseProject } from "~/modules/project-lifecycle/phase-access.server";
import { phaseFormAction } from "~/modules/project-lifecycle/phases-actions.server";
import { loadPhaseForm } from "~/modules/project-lifecycle/phases-page.server";
import styles from "~/styles/project-phases.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Project Planning: Project Phases" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requirePhaseProject(request, params.id);
    return json(await loadPhaseForm(access, "planning"));
  });

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => phaseFormAction(request, params.id, "planning"));

export default function PlanningForm() {
  return <PhaseFormPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PhasesErrorBoundary;
