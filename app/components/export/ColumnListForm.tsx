import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useActionData } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/radix";
import { ErrorSummary, fieldId, DataTable, TableBody, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import { blankMapping, describeColumnEdit, EXPORT_FORM_ID, mappingFieldName, MAX_EXPORT_MAPPINGS } from "~/modules/export/column-list";
import type { FieldOption } from "~/modules/export/export-fields";
import type { ExportType } from "~/modules/export/export-types";
import { exportedColumns, type ExportMapping, type ExportMode } from "~/modules/export/export-modes";
import { applyRowEdit, parseRowEdit, rowEditIntent, type RowControl, type RowFocus } from "~/utils/row-list";
import { useHydrated } from "~/utils/use-hydrated";
import { ColumnRow, controlId } from "./ColumnRow";
import { ExportFileControls } from "./ExportFileControls";
import { useExportDownload, type Format } from "./use-export-download";

/** The page action's answer to a postback (export-actions.server.ts), as this form reads it. */
interface PostbackData {
  formId: string;
  mappings: ExportMapping[];
  format: Format;
  fieldErrors: Record<string, string>;
  title?: string;
  announcement?: string;
  focus?: RowFocus;
}

function isPostback(value: unknown): value is PostbackData {
  return Boolean(value && typeof value === "object" && (value as PostbackData).formId === EXPORT_FORM_ID && Array.isArray((value as PostbackData).mappings));
}

/**
 * The column list (docs/export.md#column-list): one row per column with Enabled, its database field and its
 * name; rows that would not be exported say "Excluded" and why. Without JavaScript every button
 * posts the form back and the page action returns the edited list; with JavaScript the same edits
 * happen in place (`applyRowEdit`) and Export fetches the file from /api/export/excel, saves it and
 * says "Export Successful!" or "Export Failed" in the status region.
 */
export function ColumnListForm({
  projectId,
  type,
  mode,
  action,
  options,
  initialMappings,
  fileNames,
}: {
  projectId: number;
  type: ExportType;
  mode: ExportMode;
  action: string;
  options: { fields: FieldOption[]; custom: FieldOption[] };
  initialMappings: ExportMapping[];
  fileNames: Record<Format, string>;
}) {
  const hydrated = useHydrated();
  const actionData = useActionData();
  const postback = isPostback(actionData) ? actionData : null;
  const [rows, setRows] = useState<ExportMapping[]>(postback?.mappings ?? initialMappings);
  const [format, setFormat] = useState<Format>(postback?.format ?? "xlsx");
  const [errors, setErrors] = useState<Record<string, string>>(postback?.fieldErrors ?? {});
  const [errorTitle, setErrorTitle] = useState<string | undefined>(postback?.title);
  const [announcement, setAnnouncement] = useState(postback?.announcement ?? "");
  const [focus, setFocus] = useState<RowFocus | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A postback (JavaScript off, or a submission before hydration) replaces the list with the server's.
  useEffect(() => {
    if (!postback) return;
    setRows(postback.mappings);
    setFormat(postback.format);
    setErrors(postback.fieldErrors);
    setErrorTitle(postback.title);
    setAnnouncement(postback.announcement ?? "");
  }, [postback]);

  // After an in-place edit, focus follows the row (or falls back to Add column).
  useEffect(() => {
    if (!focus) return;
    const find = (rowId: string, control: RowControl) => formRef.current?.querySelector<HTMLElement>(`[data-focus-id="${controlId(rowId, control)}"]`);
    const target = (focus.rowId && (find(focus.rowId, focus.control) ?? find(focus.rowId, "remove"))) || document.getElementById("export-add-column");
    target?.focus();
    setFocus(null);
  }, [focus]);

  const fieldLabels = new Map([...options.fields, ...options.custom].map((option) => [option.key, option.label]));
  const exportedCount = exportedColumns(rows).length;
  const serverFocus = !hydrated ? postback?.focus : undefined;
  const autoFocusOn = (rowId: string | null, control: RowControl) => Boolean(serverFocus && serverFocus.rowId === rowId && serverFocus.control === control);

  const update = (id: string, change: Partial<ExportMapping>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const chooseField = (row: ExportMapping, dbField: string) => {
    // The name follows the field while it is blank or still the previous field's own label.
    const previousLabel = fieldLabels.get(row.dbField) ?? "";
    const name = !row.customColumnName.trim() || row.customColumnName === previousLabel ? (fieldLabels.get(dbField) ?? "") : row.customColumnName;
    update(row.id, { dbField, customColumnName: name });
  };

  const editInPlace = (event: MouseEvent<HTMLButtonElement>) => {
    const edit = parseRowEdit(event.currentTarget.value);
    if (!edit) return;
    event.preventDefault();
    const result = applyRowEdit(rows, edit, blankMapping, MAX_EXPORT_MAPPINGS);
    setRows(result.rows);
    setAnnouncement(describeColumnEdit(edit, result));
    setFocus(result.focus);
  };

  const { status, busy, download } = useExportDownload({
    projectId,
    type,
    mode,
    fileNames,
    onErrors: (fieldErrors, options) => {
      if (!options?.keepTitle) setErrorTitle(undefined);
      setErrors(fieldErrors);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "update";
    if (intent === "export") void download(rows, format);
    else setAnnouncement(`${exportedCount} of ${rows.length} ${rows.length === 1 ? "column" : "columns"} will be exported.`);
  };

  const firstRow = rows[0];
  const summaryLinks = { _form: firstRow ? fieldId(mappingFieldName(0, "enabled")) : "export-add-column" };

  return (
    <form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className="stack" aria-describedby="export-count">
      <ErrorSummary errors={errors} fieldIds={summaryLinks} title={errorTitle} />
      {/* Enter in a text box submits the form's first button: make that "Update list", never a row's Remove. */}
      <button type="submit" name="intent" value="update" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Update list
      </button>
      <input type="hidden" name="exportType" value={type} />
      <input type="hidden" name="mode" value={mode} />

      <DataTable labelledBy="export-columns-title" caption={{ text: "The columns of the file, in order", hidden: true }} className="export-columns">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Column</TableColumnHeaderCell>
            <TableColumnHeaderCell>Enabled</TableColumnHeaderCell>
            <TableColumnHeaderCell>Database field</TableColumnHeaderCell>
            <TableColumnHeaderCell>Column name</TableColumnHeaderCell>
            <TableColumnHeaderCell>Status</TableColumnHeaderCell>
            <TableColumnHeaderCell>Order and removal</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <ColumnRow
              key={row.id}
              row={row}
              index={index}
              count={rows.length}
              options={options}
              fieldLabels={fieldLabels}
              errors={errors}
              autoFocusOn={autoFocusOn}
              onChange={update}
              onChooseField={chooseField}
              onEdit={editInPlace}
            />
          ))}
        </TableBody>
      </DataTable>
      {rows.length === 0 ? (
        <Text as="p" color="gray">
          No columns. Add a column to choose what the file holds.
        </Text>
      ) : null}

      <Flex gap="3" wrap="wrap" align="center">
        <Button
          type="submit"
          name="intent"
          value={rowEditIntent({ kind: "add" })}
          id="export-add-column"
          variant="soft"
          onClick={editInPlace}
          autoFocus={autoFocusOn(null, "add")}
          disabled={rows.length >= MAX_EXPORT_MAPPINGS || undefined}
        >
          Add column
        </Button>
        {hydrated ? null : (
          <Button type="submit" name="intent" value="update" variant="outline" color="gray">
            Update list
          </Button>
        )}
        <Text as="p" id="export-count" role="status" className="export-count">
          {exportedCount} of {rows.length} {rows.length === 1 ? "column" : "columns"} will be exported.
          {announcement ? <span className="visually-hidden"> {announcement}</span> : null}
        </Text>
      </Flex>

      <ExportFileControls format={format} onFormat={setFormat} fileNames={fileNames} busy={busy} status={status} />
    </form>
  );
}
