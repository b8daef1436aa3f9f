import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PhaseFormPage, PhasesErrorBoundary } from "~/components/project-phases/PhaseFormPage";
import { PhasesLoadError } from "~/components/project-phases/PhasesLoadError";
import { requirePhaseProject } from "~/modules/project-lifecycle/phase-access.server";
import { phaseFormAction } from "~/modules/project-lifecycle/phases-actions.server";
import { loadPhaseForm, loadPhasesScreen } from "~/modules/project-lifecycle/phases-page.server";
import styles from "~/styles/project-phases.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Project Closure: Project Phases" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const data = await loadPhasesScreen(async () => loadPhaseForm(await requirePhaseProject(request, params.id), "closure"));
    return json(data, { status: "loadError" in data ? 500 : 200 });
  });

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => phaseFormAction(request, params.id, "closure"));

export default function ClosureForm() {
  const data = useLoaderData<typeof loader>();
  return "loadError" in data ? <PhasesLoadError message={data.loadError} /> : <PhaseFormPage data={data} />;
}

export const ErrorBoundary = PhasesErrorBoundary;
