import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GroupCard } from "~/components/property-groups/GroupCard";
import { GroupDetails, GroupNotFound, type GroupTab } from "~/components/property-groups/GroupDetails";
import { Pagination } from "~/components/records/Pagination";
import { NoProjectSelected, ProjectBanner } from "~/components/records/ProjectState";
import { getSelectedProjectAccess } from "~/modules/auth/guards.server";
import { getPropertyGroup, listPropertyGroups } from "~/modules/property-groups/groups.server";
import { AppError } from "~/utils/app-error";
import { parseListQuery } from "~/utils/list-query";
import styles from "~/styles/property-groups.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "Stakeholder Property Groups" };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  let access;
  try {
    access = await getSelectedProjectAccess(request, "viewData");
  } catch (error) {
    if (error instanceof AppError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
  if (!access) return json({ project: null });

  const { search, page } = parseListQuery(params, { sortKeys: ["count"] as const, defaultSort: "count" });
  const tab: GroupTab = params.get("tab") === "properties" ? "properties" : "contact";
  const groupParam = params.get("group");
  const [list, group] = await Promise.all([
    listPropertyGroups(access, { search, page }),
    groupParam === null ? null : getPropertyGroup(access, groupParam, { withProperties: tab === "properties" }),
  ]);
  const client = access.project.client as { name?: string } | null;
  return json(
    {
      project: { name: access.project.name, clientName: client?.name ?? null },
      search,
      ...list,
      tab,
      group: groupParam === null ? null : group ? { found: true as const, ...group } : { found: false as const },
    },
    // A ?group= that names nothing in this project is a 404, though the list still renders.
    groupParam !== null && !group ? { status: 404 } : undefined,
  );
}

export default function StakeholderPropertyGroups() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Stakeholder Property Groups</h1>
      {!("search" in data) || !data.project ? (
        <NoProjectSelected what="stakeholder property groups" />
      ) : (
        <>
          <ProjectBanner project={data.project} />
          {data.group ? data.group.found ? <GroupDetails group={data.group} tab={data.tab} /> : <GroupNotFound /> : null}
          <Form method="get" className="toolbar" role="search" aria-label="Stakeholder property groups">
            <div className="field">
              <label htmlFor="groups-search" className="field__label">
                Search stakeholders or property addresses
              </label>
              <input key={data.search} id="groups-search" className="field__input" type="search" name="search" defaultValue={data.search} maxLength={200} />
            </div>
            <button type="submit" className="button">
              Search
            </button>
            {data.search ? (
              <Link to="?" className="button button--ghost">
                Clear search
              </Link>
            ) : null}
          </Form>
          <section aria-labelledby="groups-title">
            <h2 id="groups-title" className="groups-summary">
              {data.search ? `Groups matching “${data.search}”` : "Stakeholders with linked properties"}{" "}
              <span className="muted">({data.total})</span>
            </h2>
            {data.groups.length ? (
              <ul className="card-grid">
                {data.groups.map((group) => (
                  <GroupCard key={group.id} group={group} />
                ))}
              </ul>
            ) : (
              <div className="card card--centered">
                <p>{data.search ? "No stakeholders or properties match your search. Try adjusting your search criteria." : data.total ? "There are no groups on this page." : "No stakeholders have linked properties yet. Link properties from the Stakeholders or Properties page."}</p>
              </div>
            )}
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Stakeholder property groups" />
          </section>
        </>
      )}
    </>
  );
}
