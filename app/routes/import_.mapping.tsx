import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/radix";
import { MappingForm } from "~/components/import/MappingForm";
import { ProjectRequired } from "~/components/import/ProjectRequired";
import { WizardSteps } from "~/components/import/WizardSteps";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { mappingAction } from "~/modules/import/import-actions.server";
import { loadMappingPage } from "~/modules/import/import-page.server";
import { IMPORT_TYPE_LABELS, plural } from "~/modules/import/wizard";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Map Columns: Import Data" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadMappingPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => mappingAction(request));

export default function ImportMapping() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <>
        <PageHeader title="Import Data" />
        <ProjectRequired />
      </>
    );
  }
  const { staged } = data;
  return (
    <>
      <PageHeader title="Import Data" />
      <ProjectBanner project={data.project} />
      <WizardSteps current="Map columns" />
      <section aria-labelledby="mapping-title" className="stack">
        <Heading as="h2" size="5" id="mapping-title">
          Map columns to {IMPORT_TYPE_LABELS[data.importType].toLowerCase()} fields
        </Heading>
        <Text as="p">
          {staged.fileName}
          {staged.sheet ? `, sheet ${staged.sheet}` : ""}: {plural(data.columns.length, "column")} and {plural(staged.totalRows, "row")}. Choose the field each column fills, Skip it, or create a new
          field for it.
        </Text>
        <MappingForm dataKey={staged.dataKey} importType={data.importType} columns={data.columns} fields={data.fields} gis={data.gis} />
      </section>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Import data not found" back={{ to: "/import", label: "Back to Import Data" }} />;
