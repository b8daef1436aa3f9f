import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/radix";
import { PageHeader, EmptyState, Pagination, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AffectedAreaTable } from "~/components/affected-areas/AffectedAreaTable";
import { AffectedAreaUpload } from "~/components/affected-areas/AffectedAreaUpload";
import { DeleteAffectedAreaPanel } from "~/components/affected-areas/DeleteAffectedAreaPanel";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { affectedAreasAction } from "~/modules/affected-areas/affected-areas-actions.server";
import { loadAffectedAreasPage } from "~/modules/affected-areas/affected-areas-page.server";
import { listSearch, panelSearch } from "~/modules/affected-areas/urls";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Affected areas" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadAffectedAreasPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => affectedAreasAction(request));

export default function AffectedAreasPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Affected areas" subtitle="No project selected" />
        <NoProjectSelected what="affected areas" />
      </div>
    );
  }
  const closeTo = listSearch(search);
  return (
    <div className="stack">
      <PageHeader title="Affected areas" subtitle={data.project.name}>
        <Button asChild variant="outline">
          <Link to="/properties">Properties</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <p>
        Corridors and easements of this project. Each parcel shows the land it loses to them on its property&apos;s details, in the property export and, per landholder, on the stakeholder&apos;s
        details.
      </p>
      {data.confirmDelete ? <DeleteAffectedAreaPanel area={data.confirmDelete} closeTo={closeTo} /> : null}
      {data.canEdit ? <AffectedAreaUpload crsChoices={data.crsChoices} /> : null}
      {data.rows.length === 0 ? (
        <EmptyState id="no-affected-areas-title" title="No affected areas yet">
          {data.canEdit ? "Upload a corridor or easement above." : "No corridor or easement has been uploaded for this project."}
        </EmptyState>
      ) : (
        <AffectedAreaTable rows={data.rows} deleteTo={data.canDelete ? (id) => panelSearch(search, { delete: id }) : null} />
      )}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Affected areas" />
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Affected area not found" back={{ to: "/affected-areas", label: "Back to Affected areas" }} />;
