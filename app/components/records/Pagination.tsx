import { Link, useLocation } from "@remix-run/react";
import { withParams } from "~/utils/list-query";

/** Previous / next links plus "Showing a–b of n"; plain links, so they work without JavaScript. */
export function Pagination({ page, pageSize, total, label, param = "page" }: { page: number; pageSize: number; total: number; label: string; param?: string }) {
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <p className="pagination__summary">
        Showing {first}–{last} of {total}
      </p>
      <ul className="pagination__links">
        <li>
          {page > 1 ? (
            <Link to={withParams(search, { [param]: page - 1 })} rel="prev">
              Previous page
            </Link>
          ) : (
            <span aria-disabled="true">Previous page</span>
          )}
        </li>
        <li>
          Page {Math.min(page, pages)} of {pages}
        </li>
        <li>
          {page < pages ? (
            <Link to={withParams(search, { [param]: page + 1 })} rel="next">
              Next page
            </Link>
          ) : (
            <span aria-disabled="true">Next page</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
