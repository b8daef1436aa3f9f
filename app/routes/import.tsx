import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/radix";
import { ProjectRequired } from "~/components/import/ProjectRequired";
import { UploadForm } from "~/components/import/UploadForm";
import { WizardSteps } from "~/components/import/WizardSteps";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { uploadAction } from "~/modules/import/import-actions.server";
import { loadUploadPage } from "~/modules/import/import-page.server";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Import Data" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(loadUploadPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => uploadAction(request));

export default function ImportUpload() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Import Data" subtitle="Add stakeholders or properties from a CSV or Excel file, or properties from land-title search PDFs.">
        <Button asChild variant="outline">
          <Link to="/imports">Import history</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/import-debug">Duplicate matching tool</Link>
        </Button>
      </PageHeader>
      {data.project ? (
        <>
          <ProjectBanner project={data.project} />
          <WizardSteps current="Upload" />
          <UploadForm importType={data.importType} />
        </>
      ) : (
        <ProjectRequired />
      )}
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/", label: "Back to Dashboard" }} />;
