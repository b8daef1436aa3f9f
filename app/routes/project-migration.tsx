import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { ClientOverview, MIGRATION_FIELD_IDS, MigrationChooser, MigrationPreviewPanel } from "~/components/billing/Migration";
import { ErrorSummary, useFormErrors, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireUser } from "~/modules/access/current-user.server";
import { migrationAction } from "~/modules/billing/migration-actions.server";
import { loadMigrationPage } from "~/modules/billing/migration-page.server";
import { MIGRATE_FORM_ID } from "~/modules/billing/schemas";
import styles from "~/styles/billing.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = {
  // The GET form (Preview) is validated by the loader, so action data cannot mark the title: its data does.
  pageTitle: (data: { errors?: Record<string, string> | null } | undefined) => (data?.errors ? "Error: Project Migration" : "Project Migration"),
};

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json(await loadMigrationPage(user, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => migrationAction(request));

export default function ProjectMigrationPage() {
  const data = useLoaderData<typeof loader>();
  const posted = useFormErrors(MIGRATE_FORM_ID);
  const navigation = useNavigation();
  const errors = posted?.fieldErrors ?? data.errors;
  return (
    <>
      <PageHeader title="Project Migration" subtitle="Move a project, with all its records, from one client organization to another." />
      <div className="stack">
        <ErrorSummary errors={errors} fieldIds={MIGRATION_FIELD_IDS} title={posted ? "Migration Failed" : "There is a problem"} />
        <MigrationChooser projects={data.projects} targets={data.targets} selected={data.selected} invalid={!!data.errors && !data.preview} />
        {data.preview ? <MigrationPreviewPanel preview={data.preview} busy={navigation.state === "submitting"} /> : null}
        <ClientOverview clients={data.clients} />
      </div>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/", label: "Back to Dashboard" }} />;
