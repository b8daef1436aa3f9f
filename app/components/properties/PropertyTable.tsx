import { Link, useLocation } from "@remix-run/react";
import { PriorityBadge } from "~/components/records/PriorityBadge";
import { SortHeader } from "~/components/records/SortHeader";
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
  return (changes: Record<string, string | number | null>) =>
    withParams(search, { highlight: null, tab: null, new: null, edit: null, link: null, ...changes });
}

export function PropertyTable({ rows, sort, dir, canEdit }: { rows: PropertyListRow[]; sort: string; dir: "asc" | "desc"; canEdit: boolean }) {
  const panel = usePanelLink();
  return (
    <div className="table-wrap">
      <table className="records properties-table">
        <caption className="visually-hidden">Properties of the current project</caption>
        <thead>
          <tr>
            <SortHeader label="Address" sortKey="address" current={sort} dir={dir} />
            <SortHeader label="Volume" sortKey="volume" current={sort} dir={dir} />
            <SortHeader label="Folio" sortKey="folio" current={sort} dir={dir} />
            <th scope="col">Proprietors</th>
            <th scope="col">Title Type</th>
            <th scope="col">Linked Stakeholders</th>
            <SortHeader label="LAA Status" sortKey="laaExpiryDate" current={sort} dir={dir} />
            <SortHeader label="Next Action Priority" sortKey="nextActionPriority" current={sort} dir={dir} />
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={panel({ highlight: row.id })} preventScrollReset>
                  {row.address}
                </Link>
              </th>
              <td>{row.volume ?? ""}</td>
              <td>{row.folio ?? ""}</td>
              <td>
                <Proprietors proprietors={row.proprietors} />
              </td>
              <td>{row.titleType ?? ""}</td>
              <td>{row.linkedStakeholders.length}</td>
              <td>
                <LaaBadge status={row.laaStatus} expiryDate={row.laaExpiryDate} showDate />
              </td>
              <td>
                <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
              </td>
              <td>
                {canEdit ? (
                  <span className="row-actions">
                    <Link to={panel({ edit: row.id })} preventScrollReset>
                      Edit<span className="visually-hidden"> {row.address}</span>
                    </Link>
                    <Link to={panel({ link: row.id })} preventScrollReset>
                      Link Stakeholders<span className="visually-hidden"> to {row.address}</span>
                    </Link>
                  </span>
                ) : (
                  <Link to={panel({ highlight: row.id })} preventScrollReset>
                    View<span className="visually-hidden"> {row.address}</span>
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
