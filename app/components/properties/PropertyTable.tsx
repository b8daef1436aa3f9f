import { useLocation } from "@remix-run/react";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell, PriorityBadge, SortHeader, RowLink } from "~/components/kit";
import { proprietorsSummary } from "~/modules/property/display";
import type { PropertyListRow } from "~/modules/property/property.server";
import { withParams } from "~/utils/list-query";
import { LaaBadge } from "./LaaBadge";

export function Proprietors({ proprietors }: { proprietors: string[] }) {
  const { names, more } = proprietorsSummary(proprietors);
  if (!names.length) return <span className="muted">None recorded</span>;
  return (
    <>
      {names.join(", ")}
      {more ? <span className="muted"> +{more} more</span> : null}
    </>
  );
}

/** URL of one of the page's panels for a property, keeping the list's search, sort and page. */
export function usePanelLink() {
  const { search } = useLocation();
  return (changes: Record<string, string | number | null>) => withParams(search, { highlight: null, tab: null, new: null, edit: null, link: null, ...changes });
}

export function PropertyTable({ rows, sort, dir, canEdit }: { rows: PropertyListRow[]; sort: string; dir: "asc" | "desc"; canEdit: boolean }) {
  const panel = usePanelLink();
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
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableRowHeaderCell className="cell--text">
              <RowLink to={panel({ highlight: row.id })} preventScrollReset>
                {row.address}
              </RowLink>
            </TableRowHeaderCell>
            <TableCell>{row.volume ?? ""}</TableCell>
            <TableCell>{row.folio ?? ""}</TableCell>
            <TableCell className="cell--text">
              <Proprietors proprietors={row.proprietors} />
            </TableCell>
            <TableCell>{row.titleType ?? ""}</TableCell>
            <TableCell>{row.linkedStakeholders.length}</TableCell>
            <TableCell>
              <LaaBadge status={row.laaStatus} expiryDate={row.laaExpiryDate} showDate />
            </TableCell>
            <TableCell>
              <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
            </TableCell>
            <TableCell>
              {canEdit ? (
                <span className="row-actions">
                  <RowLink to={panel({ edit: row.id })} preventScrollReset>
                    Edit<span className="visually-hidden"> {row.address}</span>
                  </RowLink>
                  <RowLink to={panel({ link: row.id })} preventScrollReset>
                    Link Stakeholders<span className="visually-hidden"> to {row.address}</span>
                  </RowLink>
                </span>
              ) : (
                <RowLink to={panel({ highlight: row.id })} preventScrollReset>
                  View<span className="visually-hidden"> {row.address}</span>
                </RowLink>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </DataTable>
  );
}
