import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/radix";
import { PageHeader, EmptyState, Pagination, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { GrievanceFilters } from "~/components/grievances/GrievanceFilters";
import { GrievanceForm } from "~/components/grievances/GrievanceForm";
import { GrievanceStats } from "~/components/grievances/GrievanceStats";
import { GrievanceTable } from "~/components/grievances/GrievanceTable";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { grievancesAction } from "~/modules/grievances/grievances-actions.server";
import { loadGrievancesPage } from "~/modules/grievances/grievances-page.server";
import { listSearch, panelSearch } from "~/modules/grievances/urls";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Grievances" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadGrievancesPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => grievancesAction(request));

export default function GrievancesPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Grievances" subtitle="No project selected" />
        <NoProjectSelected what="grievances" />
      </div>
    );
  }
  const { list, canEdit } = data;
  const closeTo = listSearch(search);
  const keep = Object.fromEntries([...new URLSearchParams(panelSearch(search, { new: 1 })).entries()].filter(([name]) => name !== "who" && name !== "where"));
  const filtered = Boolean(list.search || list.stage || list.overdue || list.category || list.ownerId || list.propertyId || list.place);
  return (
    <div className="stack">
      <PageHeader title="Grievances" subtitle={data.project.name}>
        <Button asChild variant="outline">
          <Link to="/grievances/figures">Grievance figures</Link>
        </Button>
        {canEdit ? (
          <Button asChild>
            <Link to={panelSearch(search, { new: 1 })} preventScrollReset>
              Record a grievance
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <ProjectBanner project={data.project} />
      {data.form ? <GrievanceForm mode="add" values={data.form.values} choices={data.form.choices} closeTo={closeTo} keep={keep} /> : null}
      <GrievanceStats stats={data.stats} />
      {data.property ? (
        <p>
          Showing grievances about <strong>{data.property.address}</strong>. <Link to="/grievances">Show every property</Link>
        </p>
      ) : null}
      <GrievanceFilters
        search={list.search}
        stage={list.stage}
        overdue={list.overdue}
        category={list.category}
        ownerId={list.ownerId}
        propertyId={list.propertyId}
        place={list.place}
        sort={list.sort}
        dir={list.dir}
        owners={data.owners}
      />
      {list.rows.length === 0 ? (
        <EmptyState id="no-grievances-title" title="No grievances found">
          {filtered ? "Try adjusting your search or filters" : "No grievances have been recorded for this project yet"}
        </EmptyState>
      ) : (
        <GrievanceTable rows={list.rows} sort={list.sort} dir={list.dir} timeZone={data.timeZone} />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} label="Grievances" />
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Grievance not found" back={{ to: "/grievances", label: "Back to Grievances" }} />;
