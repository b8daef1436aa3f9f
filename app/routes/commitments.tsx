import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/radix";
import { EmptyState, NoProjectSelected, PageHeader, Pagination, ProjectBanner, StatTiles } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { CommitmentDetails } from "~/components/commitments/CommitmentDetails";
import { CommitmentForm } from "~/components/commitments/CommitmentForm";
import { CommitmentTable } from "~/components/commitments/CommitmentTable";
import { CommitmentToolbar } from "~/components/commitments/CommitmentToolbar";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { commitmentsAction } from "~/modules/commitments/commitments-actions.server";
import { loadCommitmentsPage } from "~/modules/commitments/commitments-page.server";
import { listSearch, panelSearch } from "~/modules/commitments/urls";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Commitments" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadCommitmentsPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => commitmentsAction(request));

export default function CommitmentsPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Commitments" subtitle="No project selected" />
        <NoProjectSelected what="commitments" />
      </div>
    );
  }
  const { list, stats, canEdit } = data;
  const closeTo = listSearch(search);
  return (
    <div className="stack">
      <PageHeader title="Commitments" subtitle={data.project.name}>
        <Button asChild variant="outline">
          <Link to="/">Dashboard</Link>
        </Button>
        {canEdit ? (
          <Button asChild>
            <Link to={panelSearch(search, { new: 1 })} preventScrollReset>
              Add Commitment
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <ProjectBanner project={data.project} />
      {data.form ? <CommitmentForm key={`${data.form.mode}-${data.form.values.id ?? "new"}`} form={data.form} closeTo={closeTo} returnTo={closeTo} /> : null}
      {data.details && !data.form ? <CommitmentDetails c={data.details} canEdit={canEdit} canDelete={data.canDelete} documents={data.documents} /> : null}
      <StatTiles
        label="Commitment summary"
        tiles={[
          { label: "Open", value: <Link to="/commitments?status=active">{stats.open}</Link> },
          { label: "Overdue", value: <Link to="/commitments?due=overdue">{stats.overdue}</Link> },
          { label: "Due soon", value: <Link to="/commitments?due=soon">{stats.dueSoon}</Link>, note: "Within 14 days" },
        ]}
      />
      <CommitmentToolbar list={list} owners={data.owners} />
      {list.rows.length === 0 ? (
        <EmptyState id="no-commitments-title" title="No commitments found">
          Try other filters, or add the promises made to landholders.
        </EmptyState>
      ) : (
        <CommitmentTable rows={list.rows} sort={list.sort} dir={list.dir} canEdit={canEdit} />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} label="Commitments" />
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Commitment not found" back={{ to: "/commitments", label: "Back to Commitments" }} />;
