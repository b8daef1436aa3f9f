import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button, DataList, Flex } from "~/components/radix";
import { ActivityView } from "~/components/database-management/Activity";
import { DangerPanel, DangerZone, DeletedProjectRestorePoints, RestorePoints } from "~/components/database-management/DangerZone";
import { DeleteRecordPanel, NormalisationCard, NormalisePanel, RecordSearch } from "~/components/database-management/Maintenance";
import { ErrorSummary, PageHeader, NoProjectSelected, StatTiles } from "~/components/kit";
import { isFormErrorData } from "~/utils/form-state";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { requireUser } from "~/modules/access/current-user.server";
import { databaseManagementAction } from "~/modules/database-management/database-management-actions.server";
import { loadDatabaseManagementPage, loadDatabaseManagementWithoutProject } from "~/modules/database-management/database-management-page.server";
import styles from "~/styles/database-management.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Database Management" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json(await loadDatabaseManagementWithoutProject(await requireUser(request)));
    return json(await loadDatabaseManagementPage(access, new URL(request.url)));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => databaseManagementAction(request));

export default function DatabaseManagement() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const header = (
    <PageHeader title="Database Management">
      <Button asChild variant="outline">
        <Link to="/">Back to Dashboard</Link>
      </Button>
    </PageHeader>
  );
  if (data.view === "no-project") {
    return (
      <>
        {header}
        <NoProjectSelected what="its database" />
        {data.deletedProjects ? <DeletedProjectRestorePoints {...data.deletedProjects} /> : null}
      </>
    );
  }
  const onActivity = data.view === "activity";
  // A project named in the URL stays there (the session may have another selected).
  const project = location.search.includes("projectId=") ? `projectId=${data.project.id}` : "";
  const overviewUrl = `/database-management${project ? `?${project}` : ""}`;
  const activityUrl = `/database-management?${project ? `${project}&` : ""}view=activity`;
  return (
    <>
      {header}
      <ErrorSummary errors={isFormErrorData(actionData) ? actionData.fieldErrors : null} fieldIds={{ confirmation: "field-confirmation" }} />
      <DataList.Root className="project-facts" aria-label="Current project">
        <DataList.Item>
          <DataList.Label>Project</DataList.Label>
          <DataList.Value>{data.project.name}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Client</DataList.Label>
          <DataList.Value>{data.project.clientName ?? "—"}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Project ID</DataList.Label>
          <DataList.Value>{data.project.id}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <nav aria-label="Database Management views">
        <Flex gap="3" wrap="wrap" asChild>
          <ul className="view-links">
            <li>
              <Link to={overviewUrl} aria-current={onActivity ? undefined : "page"}>
                Overview
              </Link>
            </li>
            <li>
              <Link to={activityUrl} aria-current={onActivity ? "page" : undefined}>
                Activity
              </Link>
            </li>
          </ul>
        </Flex>
      </nav>
      <StatTiles
        label="Project statistics"
        tiles={[
          { label: "Total Stakeholders", value: data.stats.totalStakeholders.toLocaleString("en-AU") },
          { label: "Total Properties", value: data.stats.totalProperties.toLocaleString("en-AU") },
          { label: "Total Engagements", value: data.stats.totalEngagements.toLocaleString("en-AU") },
        ]}
      />
      {data.view === "activity" ? (
        <ActivityView activity={data.activity} />
      ) : (
        <>
          {data.normalizing ? <NormalisePanel dataType={data.normalizing.dataType} plan={data.normalizing.plan} /> : null}
          {data.deleting && data.search ? <DeleteRecordPanel row={data.deleting} records={data.search.records} term={data.search.term} /> : null}
          {data.danger ? <DangerPanel action={data.danger.action} /> : null}
          {data.canMaintain ? <NormalisationCard /> : null}
          {data.search ? <RecordSearch search={data.search} /> : null}
          {data.canDanger ? (
            <>
              <DangerZone stats={data.stats} />
              <RestorePoints points={data.restorePoints} />
            </>
          ) : null}
          {data.deletedProjects ? <DeletedProjectRestorePoints {...data.deletedProjects} /> : null}
        </>
      )}
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Record not found" back={{ to: "/database-management", label: "Back to Database Management" }} />;
