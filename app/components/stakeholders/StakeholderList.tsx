import { Form, Link, useLocation } from "@remix-run/react";
import { SearchField, DataTable, TableColumnHeaderCell, TableHeader, TableRow, PriorityBadge, Breakable, SortHeader, StatTiles, RowLink } from "~/components/kit";
import type { StakeholderCounts } from "~/modules/stakeholder/stakeholder.server";
import type { StakeholderRow } from "~/modules/stakeholder/stakeholders-page.server";
import { withParams } from "~/utils/list-query";
import { listSearch } from "~/modules/stakeholder/urls";

/**
 * Radix Themes' <Button> (size 2) written out as its classes: the component resolves its props through
 * every responsive prop definition on each server render (docs/data-access.md#the-stakeholders-list).
 */
export function buttonProps(variant: "solid" | "outline" = "solid", color?: "gray") {
  return { "data-accent-color": color ?? "", className: `rt-reset rt-BaseButton rt-r-size-2 rt-variant-${variant} rt-Button` };
}

/** Search box: a GET form, so it works without JavaScript; keeps the view and sort. */
export function SearchForm({ search, view, sort, dir }: { search: string; view: string; sort: string; dir: string }) {
  return (
    <Form method="get" role="search" aria-label="Stakeholders" className="toolbar">
      <SearchField id="stakeholder-search" label="Search stakeholders" hint="Name, email, phone, address or company" value={search} />
      {view !== "table" ? <input type="hidden" name="view" value={view} /> : null}
      {sort !== "name" ? <input type="hidden" name="sort" value={sort} /> : null}
      {dir !== "asc" ? <input type="hidden" name="dir" value={dir} /> : null}
      <button type="submit" {...buttonProps()}>
        Search
      </button>
      {search ? (
        <Link to={withParams("", { view: view === "table" ? null : view, sort: sort === "name" ? null : sort, dir: dir === "asc" ? null : dir })} {...buttonProps("outline", "gray")}>
          Clear search
        </Link>
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
            <Link to={withParams(search, { view: v === "table" ? null : v, page: null })} aria-current={view === v ? "page" : undefined} {...buttonProps(view === v ? "solid" : "outline")}>
              {v === "table" ? "Table" : "Cards"}
            </Link>
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

/**
 * A row's link to one URL-state panel: the list's URL with every panel closed (computed once per page
 * by listSearch) plus the one parameter. The same string panelSearch builds (a number needs no
 * escaping), without parsing the search again for each of a page's ~125 links.
 */
function panelHref(list: string, key: string, id: number) {
  return `${list}${list === "?" ? "" : "&"}${key}=${id}`;
}

/** Row actions as links to URL states; write actions only for roles that may edit. */
export function RowActions({ row, canEdit, list }: { row: StakeholderRow; canEdit: boolean; list: string }) {
  const hidden = <span className="visually-hidden">{` for ${row.name}`}</span>;
  return (
    <ul className="row-actions">
      {canEdit ? (
        <li>
          <RowLink to={panelHref(list, "interact", row.id)}>Record interaction{hidden}</RowLink>
        </li>
      ) : null}
      <li>
        <RowLink to={panelHref(list, "interactions", row.id)}>View interactions{hidden}</RowLink>
      </li>
      {canEdit ? (
        <>
          <li>
            <RowLink to={panelHref(list, "edit", row.id)}>Edit{hidden}</RowLink>
          </li>
          <li>
            <RowLink to={panelHref(list, "link", row.id)}>Link properties{hidden}</RowLink>
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

function NameLink({ row, list }: { row: StakeholderRow; list: string }) {
  return (
    <RowLink to={panelHref(list, "highlight", row.id)} preventScrollReset>
      {row.name}
    </RowLink>
  );
}

/**
 * The rows are plain elements carrying Radix Themes' classes (Badge, Card, Heading, Text written out,
 * as DataTable and PriorityBadge do): each Radix component resolves its props through every responsive
 * prop definition on the server, which 25 rows paid on every request (docs/data-access.md#the-stakeholders-list).
 */
export function StakeholderTable({ rows, sort, dir, canEdit }: { rows: StakeholderRow[]; sort: string; dir: "asc" | "desc"; canEdit: boolean }) {
  const list = listSearch(useLocation().search);
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
      <tbody className="rt-TableBody">
        {rows.map((row) => (
          <tr className="rt-TableRow" key={row.id}>
            <th scope="row" className="rt-TableCell rt-TableRowHeaderCell">
              <NameLink row={row} list={list} />
              {!row.isActive ? (
                <>
                  {" "}
                  <span data-accent-color="gray" className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
                    Inactive
                  </span>
                </>
              ) : null}
            </th>
            <td className="rt-TableCell cell--text">{row.email ?? <span className="muted">None</span>}</td>
            <td className="rt-TableCell">{row.memberType ?? <span className="muted">Not set</span>}</td>
            <td className="rt-TableCell cell--text">
              <ContactInfo row={row} />
            </td>
            <td className="rt-TableCell cell--text">
              <LinkedProperties row={row} max={2} />
            </td>
            <td className="rt-TableCell">
              <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
            </td>
            <td className="rt-TableCell">
              <RowActions row={row} canEdit={canEdit} list={list} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export function StakeholderCards({ rows, canEdit }: { rows: StakeholderRow[]; canEdit: boolean }) {
  const list = listSearch(useLocation().search);
  return (
    <ul className="card-grid" aria-label="Stakeholders">
      {rows.map((row) => (
        <li key={row.id} className="rt-reset rt-BaseCard rt-Card rt-r-size-2 rt-variant-surface stakeholder-card">
          <h3 className="rt-Heading rt-r-size-4">
            <NameLink row={row} list={list} />
          </h3>
          <p data-accent-color="gray" className="rt-Text">
            {row.memberType ?? "Type not set"}
            {!row.isActive ? " · Inactive" : ""}
          </p>
          {row.email ? (
            <p className="rt-Text">
              <Breakable text={row.email} />
            </p>
          ) : null}
          <ContactInfo row={row} />
          <h4 className="rt-Heading rt-r-size-2">Properties</h4>
          <LinkedProperties row={row} max={3} />
          <p className="rt-Text">
            <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
          </p>
          {row.nextAction ? <p className="rt-Text">{row.nextAction}</p> : null}
          <RowActions row={row} canEdit={canEdit} list={list} />
        </li>
      ))}
    </ul>
  );
}
