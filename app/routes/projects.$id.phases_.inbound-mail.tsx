import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InboundMailSettingsPage } from "~/components/inbound-mail/InboundMailSettings";
import { PhasesErrorBoundary } from "~/components/project-phases/PhaseFormPage";
import { requirePhaseProject } from "~/modules/project-lifecycle/phase-access.server";
import { inboundSettingsAction, loadInboundSettingsPage } from "~/modules/inbound-mail/settings-page.server";
import styles from "~/styles/project-phases.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Inbound e-mail: Project Phases" };

export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(async () => json(await loadInboundSettingsPage(await requirePhaseProject(request, params.id))));

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => inboundSettingsAction(request, params.id));

export default function InboundMailSettings() {
  return <InboundMailSettingsPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PhasesErrorBoundary;
