import { DataTable, TableColumnHeaderCell, TableHeader, TableRow, SortHeader, RowLink } from "~/components/kit";
import type { GrievanceListRow } from "~/modules/grievances/grievance-list.server";
import { CATEGORY_LABELS, SEVERITY_LABELS } from "~/modules/grievances/labels";
import { STAGE_LABELS } from "~/modules/grievances/stages";
import { grievancePath } from "~/modules/grievances/urls";
import { formatDateTime } from "~/utils/dates";
import { DueDate } from "./DueDate";

/** The grievances table (docs/records.md#grievance-list): the loader's plain rows, statuses already judged. */
export function GrievanceTable({ rows, sort, dir, timeZone }: { rows: GrievanceListRow[]; sort: string; dir: "asc" | "desc"; timeZone: string }) {
  return (
    <DataTable label="Grievances" caption={{ text: "Grievances of the current project", hidden: true }} className="records grievances-table">
      <TableHeader>
        <TableRow>
          <SortHeader label="Reference" sortKey="reference" current={sort} dir={dir} />
          <SortHeader label="Received" sortKey="receivedAt" current={sort} dir={dir} />
          <TableColumnHeaderCell>Complainant</TableColumnHeaderCell>
          <TableColumnHeaderCell>Category</TableColumnHeaderCell>
          <SortHeader label="Severity" sortKey="severity" current={sort} dir={dir} />
          <SortHeader label="Stage" sortKey="stage" current={sort} dir={dir} />
          <TableColumnHeaderCell>Owner</TableColumnHeaderCell>
          <TableColumnHeaderCell>Acknowledge by</TableColumnHeaderCell>
          <SortHeader label="Resolve by" sortKey="resolveBy" current={sort} dir={dir} />
        </TableRow>
      </TableHeader>
      <tbody className="rt-TableBody">
        {rows.map((row) => (
          <tr key={row.id} className="rt-TableRow">
            <th scope="row" className="rt-TableCell rt-TableRowHeaderCell">
              <RowLink to={grievancePath(row.id)}>{row.reference}</RowLink>
            </th>
            <td className="rt-TableCell">{formatDateTime(row.receivedAt, timeZone)}</td>
            <td className="rt-TableCell cell--text">{row.complainant ?? <span className="muted">Anonymous</span>}</td>
            <td className="rt-TableCell">{CATEGORY_LABELS[row.category]}</td>
            <td className="rt-TableCell">{SEVERITY_LABELS[row.severity]}</td>
            <td className="rt-TableCell">
              {STAGE_LABELS[row.stage]}
              {row.escalated ? <span className="muted"> (escalated)</span> : null}
            </td>
            <td className="rt-TableCell">{row.ownerName ?? <span className="muted">Unassigned</span>}</td>
            <td className="rt-TableCell">
              <DueDate date={row.acknowledgeBy} overdue={row.acknowledgeOverdue} />
            </td>
            <td className="rt-TableCell">
              <DueDate date={row.resolveBy} overdue={row.resolveOverdue} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
