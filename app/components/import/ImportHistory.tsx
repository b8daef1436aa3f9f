import { Form, Link, useLocation } from "@remix-run/react";
import { Badge, Button, Flex, Text } from "~/components/radix";
import { PanelDialog, DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import { formatDateTime } from "~/utils/dates";
import { withParams } from "~/utils/list-query";
import type { ImportType } from "~/modules/import/import-fields";
import { IMPORT_TYPE_LABELS, plural } from "~/modules/import/wizard";

export interface HistoryRow {
  id: number;
  status: "queued" | "running" | "completed" | "failed" | "undone";
  importType: ImportType;
  fileName: string;
  createdAt: string;
  createdBy: string;
  totalRows: number;
  imported: number;
  updated: number;
  skipped: number;
  canUndo: boolean;
  /** Rows held back as likely duplicates still wait for a decision. */
  duplicatesPending: boolean;
}

const STATUS: Record<HistoryRow["status"], { label: string; color: "gray" | "indigo" | "green" | "red" | "amber" }> = {
  queued: { label: "Queued", color: "gray" },
  running: { label: "Running", color: "indigo" },
  completed: { label: "Completed", color: "green" },
  failed: { label: "Failed", color: "red" },
  undone: { label: "Undone", color: "amber" },
};

export function StatusBadge({ status }: { status: HistoryRow["status"] }) {
  return <Badge color={STATUS[status].color}>{STATUS[status].label}</Badge>;
}

/** The project's imports, newest first: when, who, file, type, counts, status, and Undo where it can still be undone. */
export function ImportHistoryTable({ imports, canImport }: { imports: HistoryRow[]; canImport: boolean }) {
  const { search } = useLocation();
  return (
    <DataTable labelledBy="history-title" caption={{ text: "Imports of this project, newest first", hidden: true }}>
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>File</TableColumnHeaderCell>
          <TableColumnHeaderCell>When</TableColumnHeaderCell>
          <TableColumnHeaderCell>Who</TableColumnHeaderCell>
          <TableColumnHeaderCell>Type</TableColumnHeaderCell>
          <TableColumnHeaderCell>Rows</TableColumnHeaderCell>
          <TableColumnHeaderCell>Imported</TableColumnHeaderCell>
          <TableColumnHeaderCell>Updated</TableColumnHeaderCell>
          <TableColumnHeaderCell>Skipped</TableColumnHeaderCell>
          <TableColumnHeaderCell>Status</TableColumnHeaderCell>
          <TableColumnHeaderCell>
            <span className="visually-hidden">Actions</span>
          </TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {imports.map((row) => (
          <TableRow key={row.id}>
            <TableRowHeaderCell className="cell--text">
              <Link to={`/import/${row.id}`}>{row.fileName}</Link>
            </TableRowHeaderCell>
            <TableCell className="cell--nowrap">{formatDateTime(row.createdAt)}</TableCell>
            <TableCell className="cell--text">{row.createdBy}</TableCell>
            <TableCell>{IMPORT_TYPE_LABELS[row.importType]}</TableCell>
            <TableCell>{row.totalRows.toLocaleString("en-AU")}</TableCell>
            <TableCell>{row.imported.toLocaleString("en-AU")}</TableCell>
            <TableCell>{row.updated.toLocaleString("en-AU")}</TableCell>
            <TableCell>{row.skipped.toLocaleString("en-AU")}</TableCell>
            <TableCell>
              <StatusBadge status={row.status} />
              {row.duplicatesPending ? (
                <>
                  {" "}
                  <Badge color="amber">Duplicates waiting</Badge>
                </>
              ) : null}
            </TableCell>
            <TableCell className="cell--nowrap">
              {canImport && row.duplicatesPending ? (
                <>
                  <Link to={`/import/${row.id}/duplicates`} aria-label={`Resolve duplicates of ${row.fileName} (#${row.id})`}>
                    Resolve duplicates
                  </Link>{" "}
                </>
              ) : null}
              {canImport && row.canUndo ? (
                <Link to={withParams(search, { undo: row.id })} preventScrollReset aria-label={`Undo import of ${row.fileName} (#${row.id})`}>
                  Undo import
                </Link>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </DataTable>
  );
}

/** ?undo=ID: the confirmation, its own URL so it works without JavaScript; Cancel returns to the list. */
export function UndoImportPanel({ row }: { row: HistoryRow }) {
  const { search } = useLocation();
  const back = withParams(search, { undo: null });
  const listUrl = `/imports${back === "?" ? "" : back}`;
  const what = IMPORT_TYPE_LABELS[row.importType].toLowerCase();
  return (
    <PanelDialog id="undo-import" title="Undo import" closeTo={listUrl}>
      <Text as="p">
        Remove the {plural(row.imported, what.replace(/s$/, ""), what)} that import #{row.id} ({row.fileName}, {formatDateTime(row.createdAt)}) created? If any of them was edited or linked since the
        import, the undo is refused and nothing changes.
      </Text>
      <Form method="post" action={listUrl}>
        <input type="hidden" name="intent" value="undo" />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="back" value={back} />
        <Flex gap="2" wrap="wrap">
          <Button type="submit" color="red">
            Undo import
          </Button>
          <Button asChild variant="outline" color="gray">
            <Link to={listUrl} preventScrollReset>
              Cancel
            </Link>
          </Button>
        </Flex>
      </Form>
    </PanelDialog>
  );
}
