import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Heading } from "~/components/radix";
import { SearchField, EmptyState, Pagination } from "~/components/kit";
import { withParams } from "~/utils/list-query";
import { GroupCard } from "./GroupCard";

type Group = Parameters<typeof GroupCard>[0]["group"];

/** GET search over stakeholder names and property addresses. */
export function GroupSearch({ search }: { search: string }) {
  return (
    <Form method="get" className="toolbar" role="search" aria-label="Stakeholder property groups">
      <SearchField id="groups-search" label="Search stakeholders or property addresses" value={search} />
      <Button type="submit">Search</Button>
      {search ? (
        <Button asChild variant="outline" color="gray">
          <Link to="?">Clear search</Link>
        </Button>
      ) : null}
    </Form>
  );
}

/** One card per stakeholder with linked properties, largest groups first. */
export function GroupList({ groups, search, total, page, pageSize }: { groups: Group[]; search: string; total: number; page: number; pageSize: number }) {
  // Each card's "View details" link: the list's URL with ?group= set, the query string parsed once for the page.
  const closed = withParams(useLocation().search, { group: null, tab: null });
  const detailsPrefix = closed === "?" ? "?" : `${closed}&`;
  return (
    <section aria-labelledby="groups-title">
      <Heading as="h2" id="groups-title" size="5" className="groups-summary">
        {search ? `Groups matching “${search}”` : "Stakeholders with linked properties"} <span className="muted">({total})</span>
      </Heading>
      {groups.length ? (
        <ul className="card-grid">
          {groups.map((group) => (
            <GroupCard key={group.id} group={group} detailsHref={`${detailsPrefix}group=${group.id}`} />
          ))}
        </ul>
      ) : (
        <EmptyState id="no-groups">
          {search
            ? "No stakeholders or properties match your search. Try adjusting your search criteria."
            : total
              ? "There are no groups on this page."
              : "No stakeholders have linked properties yet. Link properties from the Stakeholders or Properties page."}
        </EmptyState>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} label="Stakeholder property groups" />
    </section>
  );
}
