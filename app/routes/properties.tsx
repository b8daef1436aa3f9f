import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/radix";
import { PageHeader, EmptyState, Pagination, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { deferred } from "~/components/layout/deferred";
import * as panelsOnServer from "~/components/properties/panels.server";
import { PropertyCards } from "~/components/properties/PropertyCards";
import { PropertyStats } from "~/components/properties/PropertyStats";
import { PropertyTable } from "~/components/properties/PropertyTable";
import { PropertyToolbar } from "~/components/properties/PropertyToolbar";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { listSearch, panelSearch } from "~/modules/property/urls";
import { propertiesAction, type DuplicateData } from "~/modules/property/properties-actions.server";
import { loadPropertiesPage } from "~/modules/property/properties-page.server";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Properties" };

// The list is what a first visit shows; each panel's code comes when it is first opened (docs/architecture.md#deferred-panels).
const PropertyDetails = deferred(panelsOnServer.PropertyDetails, () => import("~/components/properties/PropertyDetails").then((m) => m.PropertyDetails));
const PropertyForm = deferred(panelsOnServer.PropertyForm, () => import("~/components/properties/PropertyForm").then((m) => m.PropertyForm));
const LinkStakeholdersForm = deferred(panelsOnServer.LinkStakeholdersForm, () => import("~/components/properties/LinkStakeholdersForm").then((m) => m.LinkStakeholdersForm));
const DuplicateReview = deferred(panelsOnServer.DuplicateReview, () => import("~/components/properties/DuplicateReview").then((m) => m.DuplicateReview));

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadPropertiesPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => propertiesAction(request));

export default function PropertiesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Properties" subtitle="No project selected" />
        <NoProjectSelected what="properties" />
      </div>
    );
  }
  const { list, stats, canEdit } = data;
  const closeTo = listSearch(search);
  const duplicates = actionData && "duplicates" in actionData ? (actionData as unknown as DuplicateData) : null;
  const filtered = Boolean(list.search) || list.laa !== "all";
  return (
    <div className="stack">
      <PageHeader title="Properties" subtitle={data.project.name}>
        <Button asChild variant="outline">
          <Link to="/">Dashboard</Link>
        </Button>
        {canEdit ? (
          <Button asChild>
            <Link to={panelSearch(search, { new: 1 })} preventScrollReset>
              Add Property
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <ProjectBanner project={data.project} />
      {duplicates && canEdit ? (
        <DuplicateReview duplicates={duplicates.duplicates} submitted={duplicates.submitted} closeTo={closeTo} returnTo={closeTo} />
      ) : data.form ? (
        <PropertyForm key={`${data.form.mode}-${data.form.values.id ?? "new"}`} mode={data.form.mode} values={data.form.values} closeTo={closeTo} returnTo={closeTo} />
      ) : null}
      {data.linkPanel ? <LinkStakeholdersForm {...data.linkPanel} closeTo={closeTo} returnTo={closeTo} /> : null}
      {data.details && !data.form && !data.linkPanel && !duplicates ? (
        <PropertyDetails
          property={data.details}
          tab={data.tab}
          canEdit={canEdit}
          documents={data.documents}
          history={data.history}
          commitments={data.commitments}
          losses={data.losses}
          projectId={data.project.id}
        />
      ) : null}
      <PropertyStats stats={stats} />
      <PropertyToolbar search={list.search} view={list.view} laa={list.laa} sort={list.sort} dir={list.dir} />
      {list.rows.length === 0 ? (
        <EmptyState id="no-properties-title" title="No properties found">
          {filtered ? "Try adjusting your search criteria" : "No properties have been imported yet"}
        </EmptyState>
      ) : list.view === "cards" ? (
        <PropertyCards rows={list.rows} canEdit={canEdit} />
      ) : (
        <PropertyTable rows={list.rows} sort={list.sort} dir={list.dir} canEdit={canEdit} />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} label="Properties" />
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Property not found" back={{ to: "/properties", label: "Back to Properties" }} />;
