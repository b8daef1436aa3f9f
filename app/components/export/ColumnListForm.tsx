import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useActionData } from "@remix-run/react";
import { Badge, Button, Callout, Flex, Text } from "@radix-ui/themes";
import { ErrorSummary, fieldId, DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import { blankMapping, describeColumnEdit, EXPORT_FORM_ID, exclusionReason, formErrorName, mappingFieldName, MAX_EXPORT_MAPPINGS, rowLabel, type FieldOption } from "~/modules/export/column-list";
import type { ExportType } from "~/modules/export/export-fields";
import {
  EXCLUDED_LABEL,
  EXPORT_FAILED_MESSAGE,
  EXPORT_FAILED_TITLE,
  EXPORT_SUCCESS_TITLE,
  exportedColumns,
  NO_FIELDS_MESSAGE,
  type ExportMapping,
  type ExportMode,
} from "~/modules/export/export-templates";
import { attachmentFileName, saveBlob } from "~/utils/download";
import { applyRowEdit, parseRowEdit, rowEditIntent, type RowControl, type RowFocus } from "~/utils/row-list";
import { useHydrated } from "~/utils/use-hydrated";

type Format = "xlsx" | "csv";

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

interface Status {
  kind: "success" | "error";
  title: string;
  description: string;
}

const FORMAT_LABELS: Record<Format, string> = { xlsx: "Excel workbook (.xlsx)", csv: "CSV, UTF-8 (.csv)" };

function isPostback(value: unknown): value is PostbackData {
  return Boolean(value && typeof value === "object" && (value as PostbackData).formId === EXPORT_FORM_ID && Array.isArray((value as PostbackData).mappings));
}

const controlId = (rowId: string, control: RowControl) => `export-row-${rowId.replace(/[^A-Za-z0-9_-]/g, "-")}-${control}`;
const errorId = (name: string) => `${fieldId(name)}-error`;

function InlineError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(name)} className="field__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
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
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
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

  const exportInPlace = async () => {
    setStatus(null);
    if (exportedColumns(rows).length === 0) {
      setErrorTitle(undefined);
      setErrors({ _form: NO_FIELDS_MESSAGE });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/export/excel?projectId=${projectId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ exportType: type, mode, format, mappings: rows }),
      });
      if (response.ok) {
        const fileName = attachmentFileName(response.headers.get("Content-Disposition")) ?? fileNames[format];
        saveBlob(await response.blob(), fileName);
        setErrors({});
        setStatus({ kind: "success", title: EXPORT_SUCCESS_TITLE, description: `${fileName}: ${exportedCount} ${exportedCount === 1 ? "column" : "columns"}.` });
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: string; errors?: Record<string, string> } | null;
      if (response.status === 400 && body?.errors) {
        setErrorTitle(undefined);
        setErrors(Object.fromEntries(Object.entries(body.errors).map(([path, message]) => [formErrorName(path), message])));
        return;
      }
      setStatus({ kind: "error", title: EXPORT_FAILED_TITLE, description: body?.message ?? EXPORT_FAILED_MESSAGE });
    } catch {
      setStatus({ kind: "error", title: EXPORT_FAILED_TITLE, description: EXPORT_FAILED_MESSAGE });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "update";
    if (intent === "export") void exportInPlace();
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
          {rows.map((row, index) => {
            const label = rowLabel(row, index + 1);
            const reason = exclusionReason(row);
            const names = { enabled: mappingFieldName(index, "enabled"), dbField: mappingFieldName(index, "dbField"), customColumnName: mappingFieldName(index, "customColumnName") };
            const unknownField = row.dbField && !fieldLabels.has(row.dbField);
            return (
              <TableRow key={row.id} className={reason ? "export-row--excluded" : undefined}>
                <TableRowHeaderCell>
                  {index + 1}
                  <input type="hidden" name={mappingFieldName(index, "id")} value={row.id} />
                </TableRowHeaderCell>
                <TableCell>
                  <input
                    type="checkbox"
                    id={fieldId(names.enabled)}
                    name={names.enabled}
                    checked={row.enabled}
                    onChange={(event) => update(row.id, { enabled: event.currentTarget.checked })}
                    className="export-checkbox"
                  />
                  <label htmlFor={fieldId(names.enabled)} className="visually-hidden">
                    Export {label}
                  </label>
                </TableCell>
                <TableCell className={errors[names.dbField] ? "field--error" : undefined}>
                  <label htmlFor={fieldId(names.dbField)} className="visually-hidden">
                    Database field for {label}
                  </label>
                  <InlineError name={names.dbField} message={errors[names.dbField]} />
                  <select
                    id={fieldId(names.dbField)}
                    name={names.dbField}
                    value={row.dbField}
                    onChange={(event) => chooseField(row, event.currentTarget.value)}
                    aria-invalid={errors[names.dbField] ? true : undefined}
                    aria-describedby={errors[names.dbField] ? errorId(names.dbField) : undefined}
                    autoFocus={autoFocusOn(row.id, "first")}
                    data-focus-id={controlId(row.id, "first")}
                    className="native-select"
                  >
                    <option value="">Choose a field</option>
                    {unknownField ? <option value={row.dbField}>{row.dbField}</option> : null}
                    <optgroup label="Fields">
                      {options.fields.map((option) => (
                        <option key={option.key} value={option.key}>
                          {option.label}
                        </option>
                      ))}
                    </optgroup>
                    {options.custom.length ? (
                      <optgroup label="Custom fields of this project">
                        {options.custom.map((option) => (
                          <option key={option.key} value={option.key}>
                            {option.label}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                  </select>
                </TableCell>
                <TableCell className={errors[names.customColumnName] ? "field--error" : undefined}>
                  <label htmlFor={fieldId(names.customColumnName)} className="visually-hidden">
                    Column name for column {index + 1}
                  </label>
                  <InlineError name={names.customColumnName} message={errors[names.customColumnName]} />
                  <input
                    type="text"
                    id={fieldId(names.customColumnName)}
                    name={names.customColumnName}
                    value={row.customColumnName}
                    onChange={(event) => update(row.id, { customColumnName: event.currentTarget.value })}
                    maxLength={255}
                    autoComplete="off"
                    aria-invalid={errors[names.customColumnName] ? true : undefined}
                    aria-describedby={errors[names.customColumnName] ? errorId(names.customColumnName) : undefined}
                    className="text-input"
                  />
                </TableCell>
                <TableCell>
                  {reason ? (
                    <Badge color="gray" variant="soft">
                      {EXCLUDED_LABEL}
                      <span className="visually-hidden">: {reason}</span>
                    </Badge>
                  ) : (
                    <Badge color="green" variant="soft">
                      Exported
                    </Badge>
                  )}
                  {reason ? (
                    <Text as="span" size="1" color="gray" className="export-reason" aria-hidden="true">
                      {reason}
                    </Text>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Flex gap="1" wrap="wrap">
                    {index > 0 ? (
                      <RowButton rowId={row.id} control="up" value={rowEditIntent({ kind: "up", id: row.id })} label={label} onClick={editInPlace} autoFocus={autoFocusOn(row.id, "up")}>
                        Move up
                      </RowButton>
                    ) : null}
                    {index < rows.length - 1 ? (
                      <RowButton rowId={row.id} control="down" value={rowEditIntent({ kind: "down", id: row.id })} label={label} onClick={editInPlace} autoFocus={autoFocusOn(row.id, "down")}>
                        Move down
                      </RowButton>
                    ) : null}
                    <RowButton
                      rowId={row.id}
                      control="remove"
                      value={rowEditIntent({ kind: "remove", id: row.id })}
                      label={label}
                      onClick={editInPlace}
                      autoFocus={autoFocusOn(row.id, "remove")}
                      color="red"
                    >
                      Remove
                    </RowButton>
                  </Flex>
                </TableCell>
              </TableRow>
            );
          })}
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

      <fieldset className="form-section">
        <legend className="field__label">File format</legend>
        <ul className="radio-list radio-list--inline">
          {(Object.keys(FORMAT_LABELS) as Format[]).map((value) => (
            <li key={value}>
              <input type="radio" id={`export-format-${value}`} name="format" value={value} checked={format === value} onChange={() => setFormat(value)} />{" "}
              <label htmlFor={`export-format-${value}`}>{FORMAT_LABELS[value]}</label>
            </li>
          ))}
        </ul>
        <Text as="p" size="2" color="gray">
          The file is named {fileNames[format]}. CSV files start with a byte-order mark so Excel reads accents correctly.
        </Text>
      </fieldset>

      <div>
        <Button type="submit" name="intent" value="export" size="3" disabled={busy || undefined}>
          {busy ? "Exporting..." : "Export"}
        </Button>
      </div>
      <div role={status?.kind === "error" ? "alert" : "status"} className="export-status">
        {status ? (
          <Callout.Root color={status.kind === "error" ? "red" : "green"} variant="surface">
            <Callout.Text weight="bold">{status.title}</Callout.Text>
            <Callout.Text>{status.description}</Callout.Text>
          </Callout.Root>
        ) : null}
      </div>
    </form>
  );
}

function RowButton({
  rowId,
  control,
  value,
  label,
  onClick,
  autoFocus,
  color,
  children,
}: {
  rowId: string;
  control: RowControl;
  value: string;
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  autoFocus: boolean;
  color?: "red";
  children: string;
}) {
  return (
    <Button type="submit" name="intent" value={value} data-focus-id={controlId(rowId, control)} size="1" variant="soft" color={color} onClick={onClick} autoFocus={autoFocus}>
      {children}
      <span className="visually-hidden"> {label}</span>
    </Button>
  );
}
