import { useLocation } from "@remix-run/react";
import { DataTable, TableColumnHeaderCell, TableHeader, TableRow, PriorityBadge, SortHeader, RowLink } from "~/components/kit";
import type { PropertyTableRow } from "~/modules/property/property.server";
import { withParams } from "~/utils/list-query";
import { LaaBadge } from "./LaaBadge";

/** "A, B +3 more" (docs/records.md#property-list); `more` counts the proprietors not named. */
export function Proprietors({ names, more }: { names: string[]; more: number }) {
  if (!names.length) return <span className="muted">None recorded</span>;
  return (
    <>
      {names.join(", ")}
      {more ? <span className="muted"> +{more} more</span> : null}
    </>
  );
}

const PANELS = { highlight: null, tab: null, new: null, edit: null, link: null };

/** URL of one of the page's panels for a property, keeping the list's search, sort and page. */
export function usePanelLink() {
  const { search } = useLocation();
  return (changes: Record<string, string | number | null>) => withParams(search, { ...PANELS, ...changes });
}

/**
 * `panel("edit", 7)`: the same URL as usePanelLink()({ edit: 7 }), built from the list's URL with every
 * panel closed, worked out once per render instead of parsing the query string three times a row.
 */
export function usePanelLinks() {
  const { search } = useLocation();
  const closed = withParams(search, PANELS);
  const prefix = closed === "?" ? "?" : `${closed}&`;
  return (panel: "highlight" | "edit" | "link", id: number) => `${prefix}${panel}=${id}`;
}

/**
 * The properties table. Rows are plain elements with Radix Themes' table classes (like the kit's
 * TableRow and TableCell, without a component per cell): 25 rows of nine cells were a measurable
 * share of the page's server render.
 */
export function PropertyTable({ rows, sort, dir, canEdit }: { rows: PropertyTableRow[]; sort: string; dir: "asc" | "desc"; canEdit: boolean }) {
  const panel = usePanelLinks();
  return (
    <DataTable label="Properties" caption={{ text: "Properties of the current project", hidden: true }} className="records properties-table">
      <TableHeader>
        <TableRow>
          <SortHeader label="Address" sortKey="address" current={sort} dir={dir} />
          <SortHeader label="Volume" sortKey="volume" current={sort} dir={dir} />
          <SortHeader label="Folio" sortKey="folio" current={sort} dir={dir} />
          <TableColumnHeaderCell>Proprietors</TableColumnHeaderCell>
          <TableColumnHeaderCell>Title Type</TableColumnHeaderCell>
          <TableColumnHeaderCell>Linked Stakeholders</TableColumnHeaderCell>
          <SortHeader label="LAA Status" sortKey="laaExpiryDate" current={sort} dir={dir} />
          <SortHeader label="Next Action Priority" sortKey="nextActionPriority" current={sort} dir={dir} />
          <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <tbody className="rt-TableBody">
        {rows.map((row) => (
          <tr key={row.id} className="rt-TableRow">
            <th scope="row" className="rt-TableCell rt-TableRowHeaderCell cell--text">
              <RowLink to={panel("highlight", row.id)} preventScrollReset>
                {row.address}
              </RowLink>
            </th>
            <td className="rt-TableCell">{row.volume ?? ""}</td>
            <td className="rt-TableCell">{row.folio ?? ""}</td>
            <td className="rt-TableCell cell--text">
              <Proprietors names={row.proprietors} more={row.proprietorsMore} />
            </td>
            <td className="rt-TableCell">{row.titleType ?? ""}</td>
            <td className="rt-TableCell">{row.linkedCount}</td>
            <td className="rt-TableCell">
              <LaaBadge status={row.laaStatus} expiryDate={row.laaExpiryDate} showDate />
            </td>
            <td className="rt-TableCell">
              <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
            </td>
            <td className="rt-TableCell">
              {canEdit ? (
                <span className="row-actions">
                  <RowLink to={panel("edit", row.id)} preventScrollReset>
                    Edit<span className="visually-hidden"> {row.address}</span>
                  </RowLink>
                  <RowLink to={panel("link", row.id)} preventScrollReset>
                    Link Stakeholders<span className="visually-hidden"> to {row.address}</span>
                  </RowLink>
                </span>
              ) : (
                <RowLink to={panel("highlight", row.id)} preventScrollReset>
                  View<span className="visually-hidden"> {row.address}</span>
                </RowLink>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
