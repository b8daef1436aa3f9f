import { useLocation } from "@remix-run/react";
import { DataTable, RowLink, SortHeader, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import type { CommitmentRow } from "~/modules/commitments/commitment-list.server";
import { letterPath, panelSearch } from "~/modules/commitments/urls";
import { formatDate } from "~/utils/dates";
import { CommitmentBadges } from "./CommitmentBadges";

/** The commitments table: what, to whom, dates, owner and status (docs/records.md#commitments). */
export function CommitmentTable({ rows, sort, dir, canEdit }: { rows: CommitmentRow[]; sort: string; dir: "asc" | "desc"; canEdit: boolean }) {
  const { search } = useLocation();
  return (
    <DataTable label="Commitments" caption={{ text: "Commitments of the current project", hidden: true }} className="records commitments-table">
      <TableHeader>
        <TableRow>
          <SortHeader label="What was promised" sortKey="description" current={sort} dir={dir} />
          <TableColumnHeaderCell>To whom</TableColumnHeaderCell>
          <SortHeader label="Promised on" sortKey="promisedOn" current={sort} dir={dir} />
          <SortHeader label="Due" sortKey="dueDate" current={sort} dir={dir} />
          <TableColumnHeaderCell>Owner</TableColumnHeaderCell>
          <SortHeader label="Status" sortKey="status" current={sort} dir={dir} />
          <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <tbody className="rt-TableBody">
        {rows.map((row) => (
          <tr key={row.id} className="rt-TableRow">
            <th scope="row" className="rt-TableCell rt-TableRowHeaderCell">
              <RowLink to={panelSearch(search, { view: row.id })} preventScrollReset>
                {row.description}
              </RowLink>
            </th>
            <td className="rt-TableCell">
              {/* Each stakeholder's name opens their "What we promised you" letter (docs/records.md#commitments). */}
              {row.stakeholders.map((s, i) => (
                <span key={s.id}>
                  {i ? "; " : ""}
                  <a href={letterPath(s.id)}>
                    {s.name}
                    <span className="visually-hidden"> (What we promised you)</span>
                  </a>
                </span>
              ))}
              {row.properties.length ? `${row.stakeholders.length ? "; " : ""}${row.properties.map((p) => p.address).join("; ")}` : null}
            </td>
            <td className="rt-TableCell">{formatDate(row.promisedOn)}</td>
            <td className="rt-TableCell">{row.dueDate ? formatDate(row.dueDate) : <span className="muted">No due date</span>}</td>
            <td className="rt-TableCell">{row.ownerName ?? <span className="muted">Unassigned</span>}</td>
            <td className="rt-TableCell">
              <CommitmentBadges status={row.status} badge={row.badge} />
            </td>
            <td className="rt-TableCell">
              <RowLink to={panelSearch(search, { view: row.id })} preventScrollReset>
                View<span className="visually-hidden"> {row.description}</span>
              </RowLink>
              {canEdit ? (
                <>
                  {" · "}
                  <RowLink to={panelSearch(search, { edit: row.id })} preventScrollReset>
                    Edit<span className="visually-hidden"> {row.description}</span>
                  </RowLink>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
