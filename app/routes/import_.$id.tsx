import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ImportStatus } from "~/components/import/ImportStatus";
import { NotTaken } from "~/components/import/duplicates/NotTaken";
import { ProjectRequired } from "~/components/import/ProjectRequired";
import { WizardSteps } from "~/components/import/WizardSteps";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { loadProgressPage } from "~/modules/import/import-page.server";
import { handleAppErrors } from "~/utils/http.server";

type Data = Awaited<ReturnType<typeof loadProgressPage>> | { project: null };

export const handle = {
  pageTitle: (data: unknown) => {
    const status = (data as Data | undefined)?.project ? (data as Exclude<Data, { project: null }>).import.status : null;
    if (status === "completed") return "Import Complete";
    if (status === "failed") return "Import Failed";
    return "Import Progress";
  },
};

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadProgressPage(access, params.id, new URL(request.url)), { headers: { "Cache-Control": "no-store" } });
  });

export default function ImportProgressPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Import Data" />
      {data.project ? (
        <>
          <ProjectBanner project={data.project} />
          <WizardSteps current={data.import.status === "completed" ? "Complete" : "Import"} parcels={data.import.importType === "parcels"} />
          <ImportStatus summary={data.import} skipped={data.skipped} retryUrl={data.retryUrl} />
          <NotTaken rows={data.notTaken} />
        </>
      ) : (
        <ProjectRequired />
      )}
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Import not found" back={{ to: "/imports", label: "Back to Import history" }} />;
