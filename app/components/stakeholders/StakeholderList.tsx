import { Form, Link, useLocation } from "@remix-run/react";
import { Badge, Button, Card, Heading, Text } from "@radix-ui/themes";
import {
  SearchField,
  DataTable,
  TableBody,
  TableCell,
  TableColumnHeaderCell,
  TableHeader,
  TableRow,
  TableRowHeaderCell,
  PriorityBadge,
  Breakable,
  SortHeader,
  StatTiles,
  RowLink,
} from "~/components/kit";
import type { StakeholderCounts } from "~/modules/stakeholder/stakeholder.server";
import type { StakeholderRow } from "~/modules/stakeholder/stakeholders-page.server";
import { withParams } from "~/utils/list-query";
import { panelSearch } from "~/modules/stakeholder/urls";

/** Search box: a GET form, so it works without JavaScript; keeps the view and sort. */
export function SearchForm({ search, view, sort, dir }: { search: string; view: string; sort: string; dir: string }) {
  return (
    <Form method="get" role="search" aria-label="Stakeholders" className="toolbar">
      <SearchField id="stakeholder-search" label="Search stakeholders" hint="Name, email, phone, address or company" value={search} />
      {view !== "table" ? <input type="hidden" name="view" value={view} /> : null}
      {sort !== "name" ? <input type="hidden" name="sort" value={sort} /> : null}
      {dir !== "asc" ? <input type="hidden" name="dir" value={dir} /> : null}
      <Button type="submit">Search</Button>
      {search ? (
        <Button asChild variant="outline" color="gray">
          <Link to={withParams("", { view: view === "table" ? null : view, sort: sort === "name" ? null : sort, dir: dir === "asc" ? null : dir })}>Clear search</Link>
        </Button>
      ) : null}
    </Form>
  );
}

export function ViewToggle({ view }: { view: "table" | "cards" }) {
  const { search } = useLocation();
  return (
    <nav aria-label="Stakeholder view" className="view-toggle">
      <ul>
        {(["table", "cards"] as const).map((v) => (
          <li key={v}>
            <Button asChild variant={view === v ? "solid" : "outline"}>
              <Link to={withParams(search, { view: v === "table" ? null : v, page: null })} aria-current={view === v ? "page" : undefined}>
                {v === "table" ? "Table" : "Cards"}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CountTiles({ counts }: { counts: StakeholderCounts }) {
  const tiles = [
    ["Total Stakeholders", counts.total],
    ["Active", counts.active],
    ["Individuals", counts.individuals],
    ["Businesses", counts.businesses],
  ] as const;
  return <StatTiles label="Stakeholder counts for the project" tiles={tiles.map(([label, value]) => ({ label, value }))} />;
}

function LinkedProperties({ row, max }: { row: StakeholderRow; max: number }) {
  if (!row.propertyTotal) return <span className="muted">None</span>;
  const shown = row.properties.slice(0, max);
  const more = row.propertyTotal - shown.length;
  return (
    <ul className="compact-list">
      {shown.map((p) => (
        <li key={p.id}>{p.address}</li>
      ))}
      {more > 0 ? <li className="muted">+{more} more</li> : null}
    </ul>
  );
}

/** Row actions as links to URL states; write actions only for roles that may edit. */
export function RowActions({ row, canEdit }: { row: StakeholderRow; canEdit: boolean }) {
  const { search } = useLocation();
  const hidden = <span className="visually-hidden"> for {row.name}</span>;
  return (
    <ul className="row-actions">
      {canEdit ? (
        <li>
          <RowLink to={panelSearch(search, { interact: row.id })}>Record interaction{hidden}</RowLink>
        </li>
      ) : null}
      <li>
        <RowLink to={panelSearch(search, { interactions: row.id })}>View interactions{hidden}</RowLink>
      </li>
      {canEdit ? (
        <>
          <li>
            <RowLink to={panelSearch(search, { edit: row.id })}>Edit{hidden}</RowLink>
          </li>
          <li>
            <RowLink to={panelSearch(search, { link: row.id })}>Link properties{hidden}</RowLink>
          </li>
        </>
      ) : null}
    </ul>
  );
}

function ContactInfo({ row }: { row: StakeholderRow }) {
  return (
    <>
      {row.phone ? <div>{row.phone}</div> : null}
      {row.address ? <div className="muted">{row.address}</div> : null}
      {!row.phone && !row.address ? <span className="muted">None</span> : null}
    </>
  );
}

function NameLink({ row }: { row: StakeholderRow }) {
  const { search } = useLocation();
  return (
    <RowLink to={panelSearch(search, { highlight: row.id })} preventScrollReset>
      {row.name}
    </RowLink>
  );
}

export function StakeholderTable({ rows, sort, dir, canEdit }: { rows: StakeholderRow[]; sort: string; dir: "asc" | "desc"; canEdit: boolean }) {
  return (
    <DataTable label="Stakeholders" caption={{ text: "Stakeholders", hidden: true }} className="records">
      <TableHeader>
        <TableRow>
          <SortHeader label="Name" sortKey="name" current={sort} dir={dir} />
          <SortHeader label="Email" sortKey="email" current={sort} dir={dir} />
          <SortHeader label="Type" sortKey="memberType" current={sort} dir={dir} />
          <TableColumnHeaderCell>Contact Info</TableColumnHeaderCell>
          <TableColumnHeaderCell>Properties</TableColumnHeaderCell>
          <SortHeader label="Next Action Priority" sortKey="priority" current={sort} dir={dir} />
          <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableRowHeaderCell>
              <NameLink row={row} />
              {!row.isActive ? (
                <>
                  {" "}
                  <Badge color="gray">Inactive</Badge>
                </>
              ) : null}
            </TableRowHeaderCell>
            <TableCell className="cell--text">{row.email ?? <span className="muted">None</span>}</TableCell>
            <TableCell>{row.memberType ?? <span className="muted">Not set</span>}</TableCell>
            <TableCell className="cell--text">
              <ContactInfo row={row} />
            </TableCell>
            <TableCell className="cell--text">
              <LinkedProperties row={row} max={2} />
            </TableCell>
            <TableCell>
              <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
            </TableCell>
            <TableCell>
              <RowActions row={row} canEdit={canEdit} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </DataTable>
  );
}

export function StakeholderCards({ rows, canEdit }: { rows: StakeholderRow[]; canEdit: boolean }) {
  return (
    <ul className="card-grid" aria-label="Stakeholders">
      {rows.map((row) => (
        <Card asChild size="2" key={row.id} className="stakeholder-card">
          <li>
            <Heading as="h3" size="4">
              <NameLink row={row} />
            </Heading>
            <Text as="p" color="gray">
              {row.memberType ?? "Type not set"}
              {!row.isActive ? " · Inactive" : ""}
            </Text>
            {row.email ? (
              <Text as="p">
                <Breakable text={row.email} />
              </Text>
            ) : null}
            <ContactInfo row={row} />
            <Heading as="h4" size="2">
              Properties
            </Heading>
            <LinkedProperties row={row} max={3} />
            <Text as="p">
              <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
            </Text>
            {row.nextAction ? <Text as="p">{row.nextAction}</Text> : null}
            <RowActions row={row} canEdit={canEdit} />
          </li>
        </Card>
      ))}
    </ul>
  );
}
