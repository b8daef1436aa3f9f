import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Callout, Heading } from "~/components/radix";
import { DuplicatesForm } from "~/components/import/duplicates/DuplicatesForm";
import { ProjectRequired } from "~/components/import/ProjectRequired";
import { WizardSteps } from "~/components/import/WizardSteps";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { duplicatesAction } from "~/modules/import/duplicates-actions.server";
import { loadDuplicatesStep } from "~/modules/import/duplicates-page.server";
import { wizardUrls } from "~/modules/import/wizard";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Resolve Duplicates: Import Data" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadDuplicatesStep(access, params.id, new URL(request.url)), { headers: { "Cache-Control": "no-store" } });
  });

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => duplicatesAction(request, params.id));

export default function ImportDuplicates() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <>
        <PageHeader title="Import Data" />
        <ProjectRequired />
      </>
    );
  }
  const open = data.import.status === "completed" && !data.resolved && data.total > 0;
  return (
    <>
      <PageHeader title="Import Data" />
      <ProjectBanner project={data.project} />
      <WizardSteps current="Duplicates" />
      <section aria-labelledby="duplicates-title" className="stack">
        <Heading as="h2" size="5" id="duplicates-title">
          Resolve duplicates: {data.import.fileName}
        </Heading>
        {open ? (
          <DuplicatesForm
            importId={data.import.id}
            items={data.items}
            total={data.total}
            undecided={data.undecided}
            page={data.page}
            pageCount={data.pageCount}
            firstUndecidedPage={data.firstUndecidedPage}
            canUndo={data.canUndo}
          />
        ) : (
          <Callout.Root role="status">
            <Callout.Text>
              {data.resolved ? "This import's duplicates have been resolved." : "This import has no duplicates waiting."} <a href={wizardUrls.progress(data.import.id)}>See the import</a>.
            </Callout.Text>
          </Callout.Root>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Import not found" back={{ to: "/imports", label: "Back to Import history" }} />;
