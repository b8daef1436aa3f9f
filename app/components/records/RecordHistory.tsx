import { Heading, Text } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/records/DataTable";
import type { ActivityRow } from "~/modules/audit/history.server";
import { formatDateTime } from "~/utils/dates";

/*
 * The audit log as a table: a record's History tab (stakeholders, properties) and Database Management's
 * Activity view. Kept apart from the Activity view so the record screens do not load its filters.
 */

/** One audit row's changes as "field: old → new" lines. */
export function ChangeList({ row }: { row: ActivityRow }) {
  if (!row.changes.length) return <Text color="gray">—</Text>;
  return (
    <ul className="change-list">
      {row.changes.map((change) => (
        <li key={change.field}>
          <strong>{change.field}</strong>: {change.from} → {change.to}
        </li>
      ))}
    </ul>
  );
}

export function HistoryTable({ rows, labelledBy, showRecord }: { rows: ActivityRow[]; labelledBy: string; showRecord: boolean }) {
  return (
    <DataTable labelledBy={labelledBy}>
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>When</TableColumnHeaderCell>
          <TableColumnHeaderCell>Who</TableColumnHeaderCell>
          <TableColumnHeaderCell>Action</TableColumnHeaderCell>
          {showRecord ? <TableColumnHeaderCell>Record</TableColumnHeaderCell> : null}
          <TableColumnHeaderCell>Changes</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableRowHeaderCell className="cell--nowrap">{formatDateTime(row.createdAt)}</TableRowHeaderCell>
            <TableCell className="cell--text">{row.userName}</TableCell>
            <TableCell>{row.action}</TableCell>
            {showRecord ? <TableCell className="cell--nowrap">{row.entityType ? `${row.entityType} #${row.entityId ?? ""}` : "—"}</TableCell> : null}
            <TableCell className="cell--text">
              <ChangeList row={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </DataTable>
  );
}

/** A stakeholder's or property's History tab: who changed what, old → new, when (newest first). */
export function RecordHistory({ rows }: { rows: ActivityRow[] }) {
  return (
    <section aria-labelledby="record-history-title" className="stack">
      <Heading as="h3" size="4" id="record-history-title">
        History
      </Heading>
      {rows.length ? <HistoryTable rows={rows} labelledBy="record-history-title" showRecord={false} /> : <Text as="p">No changes have been recorded for this record.</Text>}
    </section>
  );
}
