import { Form, Link, useLocation } from "@remix-run/react";
import { PriorityBadge } from "~/components/records/PriorityBadge";
import { SortHeader } from "~/components/records/SortHeader";
import type { StakeholderCounts } from "~/modules/stakeholder/stakeholder.server";
import type { StakeholderRow } from "~/modules/stakeholder/stakeholders-page.server";
import { withParams } from "~/utils/list-query";
import { panelSearch } from "./urls";

/** Search box: a GET form, so it works without JavaScript; keeps the view and sort. */
export function SearchForm({ search, view, sort, dir }: { search: string; view: string; sort: string; dir: string }) {
  return (
    <Form method="get" role="search" aria-label="Stakeholders" className="toolbar">
      <div className="field">
        <label htmlFor="stakeholder-search" className="field__label">
          Search stakeholders
        </label>
        <p id="stakeholder-search-hint" className="field__hint">
          Name, email, phone, address or company
        </p>
        <input id="stakeholder-search" type="search" name="search" defaultValue={search} maxLength={200} className="field__input" aria-describedby="stakeholder-search-hint" />
      </div>
      {view !== "table" ? <input type="hidden" name="view" value={view} /> : null}
      {sort !== "name" ? <input type="hidden" name="sort" value={sort} /> : null}
      {dir !== "asc" ? <input type="hidden" name="dir" value={dir} /> : null}
      <button type="submit" className="button">
        Search
      </button>
      {search ? (
        <Link to={withParams("", { view: view === "table" ? null : view, sort: sort === "name" ? null : sort, dir: dir === "asc" ? null : dir })} className="button button--ghost">
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
            <Link to={withParams(search, { view: v === "table" ? null : v, page: null })} aria-current={view === v ? "page" : undefined} className={`button ${view === v ? "" : "button--secondary"}`}>
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
  return (
    <dl className="stats" aria-label="Stakeholder counts for the project">
      {tiles.map(([label, value]) => (
        <div className="stat" key={label}>
          <dt className="stat__label">{label}</dt>
          <dd className="stat__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
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
          <Link to={panelSearch(search, { interact: row.id })}>Record interaction{hidden}</Link>
        </li>
      ) : null}
      <li>
        <Link to={panelSearch(search, { interactions: row.id })}>View interactions{hidden}</Link>
      </li>
      {canEdit ? (
        <>
          <li>
            <Link to={panelSearch(search, { edit: row.id })}>Edit{hidden}</Link>
          </li>
          <li>
            <Link to={panelSearch(search, { link: row.id })}>Link properties{hidden}</Link>
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
    <Link to={panelSearch(search, { highlight: row.id })} preventScrollReset>
      {row.name}
    </Link>
  );
}

export function StakeholderTable({ rows, sort, dir, canEdit }: { rows: StakeholderRow[]; sort: string; dir: "asc" | "desc"; canEdit: boolean }) {
  return (
    <div className="table-wrap">
      <table className="records">
        <caption>Stakeholders</caption>
        <thead>
          <tr>
            <SortHeader label="Name" sortKey="name" current={sort} dir={dir} />
            <SortHeader label="Email" sortKey="email" current={sort} dir={dir} />
            <SortHeader label="Type" sortKey="memberType" current={sort} dir={dir} />
            <th scope="col">Contact Info</th>
            <th scope="col">Properties</th>
            <SortHeader label="Next Action Priority" sortKey="priority" current={sort} dir={dir} />
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <NameLink row={row} />
                {!row.isActive ? <span className="badge badge--muted"> Inactive</span> : null}
              </th>
              <td>{row.email ?? <span className="muted">None</span>}</td>
              <td>{row.memberType ?? <span className="muted">Not set</span>}</td>
              <td>
                <ContactInfo row={row} />
              </td>
              <td>
                <LinkedProperties row={row} max={2} />
              </td>
              <td>
                <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
              </td>
              <td>
                <RowActions row={row} canEdit={canEdit} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StakeholderCards({ rows, canEdit }: { rows: StakeholderRow[]; canEdit: boolean }) {
  return (
    <ul className="card-grid" aria-label="Stakeholders">
      {rows.map((row) => (
        <li key={row.id} className="card stakeholder-card">
          <h3>
            <NameLink row={row} />
          </h3>
          <p className="muted">
            {row.memberType ?? "Type not set"}
            {!row.isActive ? " · Inactive" : ""}
          </p>
          {row.email ? <p>{row.email}</p> : null}
          <ContactInfo row={row} />
          <h4>Properties</h4>
          <LinkedProperties row={row} max={3} />
          <p>
            <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
          </p>
          {row.nextAction ? <p>{row.nextAction}</p> : null}
          <RowActions row={row} canEdit={canEdit} />
        </li>
      ))}
    </ul>
  );
}
