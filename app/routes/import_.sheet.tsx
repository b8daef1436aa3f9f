import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProjectRequired } from "~/components/import/ProjectRequired";
import { SheetForm } from "~/components/import/SheetForm";
import { WizardSteps } from "~/components/import/WizardSteps";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { sheetAction } from "~/modules/import/import-actions.server";
import { loadSheetPage } from "~/modules/import/import-page.server";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Choose a Sheet: Import Data" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadSheetPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => sheetAction(request));

export default function ImportSheet() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Import Data" />
      {data.project ? (
        <>
          <ProjectBanner project={data.project} />
          <WizardSteps current="Choose sheet" />
          <SheetForm workbook={data.workbook} importType={data.importType} />
        </>
      ) : (
        <ProjectRequired />
      )}
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Workbook not found" back={{ to: "/import", label: "Back to Import Data" }} />;
