import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader, NoProjectSelected, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { GroupDetails, GroupNotFound } from "~/components/property-groups/GroupDetails";
import { GroupList, GroupSearch } from "~/components/property-groups/GroupList";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { loadGroupsPage } from "~/modules/property-groups/groups-page.server";
import styles from "~/styles/property-groups.css";
import { handleAppErrors } from "~/utils/http.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Stakeholder Property Groups" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    const { status, data } = await loadGroupsPage(access, new URL(request.url));
    return json(data, { status });
  });

export default function StakeholderPropertyGroups() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <>
        <PageHeader title="Stakeholder Property Groups" />
        <NoProjectSelected what="stakeholder property groups" />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Stakeholder Property Groups" />
      <ProjectBanner project={data.project} />
      {data.group ? data.group.found ? <GroupDetails group={data.group} tab={data.tab} /> : <GroupNotFound /> : null}
      <GroupSearch search={data.search} />
      <GroupList groups={data.groups} search={data.search} total={data.total} page={data.page} pageSize={data.pageSize} />
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/stakeholder-property-groups", label: "Back to Stakeholder Property Groups" }} />;
