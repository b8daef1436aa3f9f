import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/radix";
import { RestoreConfirmationForm } from "~/components/database-management/RestoreConfirmation";
import { ErrorSummary, PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireUser } from "~/modules/access/current-user.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { loadRestoreConfirmation, RESTORE_FAILED, restoreFromPoint } from "~/modules/database-management/restore.server";
import { RESTORE_FORM_ID } from "~/modules/database-management/schemas";
import styles from "~/styles/database-management.css";
import { isFormErrorData } from "~/utils/form-state";
import { errorResponse, handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Restore Point" };

/** GET /database-management/restore-points/{id}/restore: the typed confirmation (client_owner and system_admin of the point's client). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    return json({ point: await loadRestoreConfirmation(user, params.id) });
  });

/** POST: restores the point (docs/administration.md#restore-points), then the project's Database Management. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    const formData = await request.formData();
    const confirmation = typeof formData.get("confirmation") === "string" ? (formData.get("confirmation") as string) : "";
    try {
      const result = await restoreFromPoint(user, params.id, confirmation);
      return redirectWithFlash(request, `/database-management?projectId=${result.projectId}`, {
        kind: "success",
        title: "Restore Point Restored",
        description: `Project "${result.projectName}" was restored: ${result.rows.toLocaleString("en-AU")} rows and ${result.documents.toLocaleString("en-AU")} files.${result.savedPointId ? " Its state before the restore was saved as a restore point." : ""}`,
      });
    } catch (error) {
      return errorResponse(error, { form: "summary", failures: true, failure: RESTORE_FAILED, formId: RESTORE_FORM_ID, values: { confirmation } });
    }
  });

export default function RestorePointPage() {
  const { point } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = point.projectExists ? `/database-management?projectId=${point.projectId}` : "/database-management";
  return (
    <>
      <PageHeader title={`Restore ${point.projectName}`}>
        <Button asChild variant="outline">
          <Link to={back}>Back to Database Management</Link>
        </Button>
      </PageHeader>
      <ErrorSummary errors={isFormErrorData(actionData) ? actionData.fieldErrors : null} fieldIds={{ confirmation: "field-confirmation" }} />
      <RestoreConfirmationForm point={point} cancelTo={back} />
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Restore point not found" back={{ to: "/database-management", label: "Back to Database Management" }} />;
