import type { MouseEvent } from "react";
import { Badge, Button, Flex, Text } from "~/components/radix";
import { fieldId, TableCell, TableRow, TableRowHeaderCell } from "~/components/kit";
import { exclusionReason, mappingFieldName, rowLabel } from "~/modules/export/column-list";
import type { FieldOption } from "~/modules/export/export-fields";
import { EXCLUDED_LABEL, type ExportMapping } from "~/modules/export/export-modes";
import { rowEditIntent, type RowControl } from "~/utils/row-list";

/** The id a row's control is found by when focus follows an edit. */
export const controlId = (rowId: string, control: RowControl) => `export-row-${rowId.replace(/[^A-Za-z0-9_-]/g, "-")}-${control}`;
const errorId = (name: string) => `${fieldId(name)}-error`;

export interface ColumnRowProps {
  row: ExportMapping;
  index: number;
  count: number;
  options: { fields: FieldOption[]; custom: FieldOption[] };
  fieldLabels: Map<string, string>;
  errors: Record<string, string>;
  autoFocusOn: (rowId: string | null, control: RowControl) => boolean;
  onChange: (id: string, change: Partial<ExportMapping>) => void;
  onChooseField: (row: ExportMapping, dbField: string) => void;
  onEdit: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** One column of the export: Enabled, its database field, its name, whether it is exported, and its order and removal buttons. */
export function ColumnRow({ row, index, count, options, fieldLabels, errors, autoFocusOn, onChange, onChooseField, onEdit }: ColumnRowProps) {
  const label = rowLabel(row, index + 1);
  const reason = exclusionReason(row);
  const names = { enabled: mappingFieldName(index, "enabled"), dbField: mappingFieldName(index, "dbField"), customColumnName: mappingFieldName(index, "customColumnName") };
  const unknownField = row.dbField && !fieldLabels.has(row.dbField);
  return (
    <TableRow className={reason ? "export-row--excluded" : undefined}>
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
          onChange={(event) => onChange(row.id, { enabled: event.currentTarget.checked })}
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
          onChange={(event) => onChooseField(row, event.currentTarget.value)}
          aria-invalid={errors[names.dbField] ? true : undefined}
          aria-describedby={errors[names.dbField] ? errorId(names.dbField) : undefined}
          autoFocus={autoFocusOn(row.id, "first")}
          data-focus-id={controlId(row.id, "first")}
          className="native-select"
        >
          <option value="">Choose a field</option>
          {unknownField ? <option value={row.dbField}>{row.dbField}</option> : null}
          <FieldOptions label="Fields" options={options.fields} />
          {options.custom.length ? <FieldOptions label="Custom fields of this project" options={options.custom} /> : null}
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
          onChange={(event) => onChange(row.id, { customColumnName: event.currentTarget.value })}
          maxLength={255}
          autoComplete="off"
          aria-invalid={errors[names.customColumnName] ? true : undefined}
          aria-describedby={errors[names.customColumnName] ? errorId(names.customColumnName) : undefined}
          className="text-input"
        />
      </TableCell>
      <TableCell>
        <ColumnStatus reason={reason} />
      </TableCell>
      <TableCell>
        <Flex gap="1" wrap="wrap">
          {index > 0 ? (
            <RowButton rowId={row.id} control="up" value={rowEditIntent({ kind: "up", id: row.id })} label={label} onClick={onEdit} autoFocus={autoFocusOn(row.id, "up")}>
              Move up
            </RowButton>
          ) : null}
          {index < count - 1 ? (
            <RowButton rowId={row.id} control="down" value={rowEditIntent({ kind: "down", id: row.id })} label={label} onClick={onEdit} autoFocus={autoFocusOn(row.id, "down")}>
              Move down
            </RowButton>
          ) : null}
          <RowButton rowId={row.id} control="remove" value={rowEditIntent({ kind: "remove", id: row.id })} label={label} onClick={onEdit} autoFocus={autoFocusOn(row.id, "remove")} color="red">
            Remove
          </RowButton>
        </Flex>
      </TableCell>
    </TableRow>
  );
}

function FieldOptions({ label, options }: { label: string; options: FieldOption[] }) {
  return (
    <optgroup label={label}>
      {options.map((option) => (
        <option key={option.key} value={option.key}>
          {option.label}
        </option>
      ))}
    </optgroup>
  );
}

/** "Exported", or "Excluded" with the reason (read out with the badge, shown beside it). */
function ColumnStatus({ reason }: { reason: string | null }) {
  if (!reason) {
    return (
      <Badge color="green" variant="soft">
        Exported
      </Badge>
    );
  }
  return (
    <>
      <Badge color="gray" variant="soft">
        {EXCLUDED_LABEL}
        <span className="visually-hidden">: {reason}</span>
      </Badge>
      <Text as="span" size="1" color="gray" className="export-reason" aria-hidden="true">
        {reason}
      </Text>
    </>
  );
}

function InlineError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(name)} className="field__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
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
