import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Heading } from "~/components/radix";
import { ParcelReview } from "~/components/import/ParcelReview";
import { ProjectRequired } from "~/components/import/ProjectRequired";
import { WizardSteps } from "~/components/import/WizardSteps";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { loadParcelReviewPage, parcelReviewAction } from "~/modules/import/parcel-review-page.server";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Review Parcels: Import Data" };

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadParcelReviewPage(access, params.id, new URL(request.url)), { headers: { "Cache-Control": "no-store" } });
  });

export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => parcelReviewAction(request, params.id));

export default function ImportParcels() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <>
        <PageHeader title="Import Data" />
        <ProjectRequired />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Import Data" />
      <ProjectBanner project={data.project} />
      <WizardSteps current="Review parcels" />
      <section aria-labelledby="parcels-title" className="stack">
        <Heading as="h2" size="5" id="parcels-title">
          Review parcels: {data.import.fileName}
        </Heading>
        <ParcelReview importId={data.import.id} counts={data.counts} rows={data.rows} page={data.page} pageSize={data.pageSize} linking={data.linking} />
      </section>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Import not found" back={{ to: "/imports", label: "Back to Import history" }} />;
