import { Link, useLocation } from "@remix-run/react";
import { withParams } from "~/utils/list-query";
import { TableColumnHeaderCell } from "./DataTable";

/**
 * A sortable column header: a link that sorts by this column (toggling direction when it is
 * already the sort), with aria-sort on the <th> so screen readers announce the order.
 */
export function SortHeader({ label, sortKey, current, dir }: { label: string; sortKey: string; current: string; dir: "asc" | "desc" }) {
  const { search } = useLocation();
  const active = current === sortKey;
  const nextDir = active && dir === "asc" ? "desc" : "asc";
  return (
    <TableColumnHeaderCell aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={withParams(search, { sort: sortKey, dir: nextDir, page: null })} className="sort-link">
        {label}
        <span aria-hidden="true">{active ? (dir === "asc" ? " ▲" : " ▼") : ""}</span>
        <span className="visually-hidden">{active ? `, sorted ${dir === "asc" ? "ascending" : "descending"}` : ", sortable"}</span>
      </Link>
    </TableColumnHeaderCell>
  );
}
