import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Callout, Flex, Text } from "~/components/radix";
import { ErrorSummary, fieldId, useFormErrors, DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import { CREATE_NEW_FIELD, CREATE_NEW_FIELD_LABEL, SKIP, SKIP_LABEL, type ImportType } from "~/modules/import/import-fields";
import { IMPORT_TYPE_LABELS, MAPPING_FORM_ID, newFieldNameName, targetName, wizardUrls } from "~/modules/import/wizard";
import { useHydrated } from "~/utils/use-hydrated";
import { crsInputId, invalidShapesInputId, ParcelChoices, type GisMapping } from "./ParcelChoices";

interface Column {
  name: string;
  sampleData: string[];
  /** The automatic first guess: a field key or "skip". */
  target: string;
}
interface Field {
  key: string;
  label: string;
  required: boolean;
}
interface Choice {
  target: string;
  newFieldName: string;
}

/** docs/import.md#mapping: Import is possible once a column is mapped and every new field has a name. */
function readiness(choices: Choice[], importType: ImportType): string | null {
  // A parcel is its shape: every attribute may be skipped (docs/import.md#parcels).
  if (importType !== "parcels" && !choices.some((c) => c.target && c.target !== SKIP)) return "Map at least one column to a field before importing.";
  if (choices.some((c) => c.target === CREATE_NEW_FIELD && !c.newFieldName.trim())) return "Enter a name for every new field before importing.";
  return null;
}

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
 * Step 3: one row per column with its header, first 3 sample values, a native select of targets and a
 * "New field name" box. Without JavaScript every box shows (used only for "Create new field"), and the
 * server refuses an incomplete mapping with the error summary; with JavaScript the box shows only for
 * that choice and Import stays disabled until the mapping is complete (docs/import.md#mapping).
 */
export function MappingForm({ dataKey, importType, columns, fields, gis = null }: { dataKey: string; importType: ImportType; columns: Column[]; fields: Field[]; gis?: GisMapping | null }) {
  const errors = useFormErrors(MAPPING_FORM_ID);
  const submitted = errors?.repopulateFields;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/import/mapping");
  const initial = (): Choice[] =>
    columns.map((column, index) => {
      const target = submitted?.[targetName(index)];
      const name = submitted?.[newFieldNameName(index)];
      return { target: typeof target === "string" ? target : column.target, newFieldName: typeof name === "string" ? name : "" };
    });
  const [choices, setChoices] = useState<Choice[]>(initial);
  // A failed submission re-renders with what was posted (the action data changes identity each time).
  useEffect(() => {
    if (submitted) setChoices(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new submission resets the choices
  }, [submitted]);
  const update = (index: number, change: Partial<Choice>) => setChoices((current) => current.map((c, i) => (i === index ? { ...c, ...change } : c)));

  const notReady = readiness(choices, importType);
  const chosen = new Set(choices.map((c) => c.target));
  const missing = fields.filter((f) => f.required && !chosen.has(f.key));
  const fieldErrors = errors?.fieldErrors ?? {};
  const firstSelect = fieldId(targetName(0));

  return (
    <Form method="post" action={wizardUrls.mapping(dataKey, importType)} noValidate className="stack">
      <ErrorSummary errors={fieldErrors} fieldIds={{ _form: firstSelect, crs: crsInputId, invalidShapes: invalidShapesInputId }} />
      <input type="hidden" name="dataKey" value={dataKey} />
      <input type="hidden" name="importType" value={importType} />
      <div aria-live="polite">
        {missing.length ? (
          <Callout.Root color="amber" size="2">
            <Callout.Text>
              <strong>No column is mapped to {missing.map((f) => f.label).join(", ")}.</strong> {IMPORT_TYPE_LABELS[importType]} need it: rows without it will be skipped.
            </Callout.Text>
          </Callout.Root>
        ) : null}
      </div>
      {gis ? <ParcelChoices gis={gis} errors={fieldErrors} submitted={submitted} /> : null}
      <DataTable labelledBy="mapping-title" caption={{ text: "Each column of the file and the field it fills", hidden: true }} className="mapping-table">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Column in file</TableColumnHeaderCell>
            <TableColumnHeaderCell>Sample values</TableColumnHeaderCell>
            <TableColumnHeaderCell>Import as</TableColumnHeaderCell>
            <TableColumnHeaderCell>New field name</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {columns.map((column, index) => {
            const choice = choices[index]!;
            const select = targetName(index);
            const nameInput = newFieldNameName(index);
            const showName = !hydrated || choice.target === CREATE_NEW_FIELD;
            return (
              <TableRow key={`${index}-${column.name}`}>
                <TableRowHeaderCell className="cell--text">{column.name}</TableRowHeaderCell>
                <TableCell className="cell--text">
                  {column.sampleData.length ? (
                    <ul className="sample-values">
                      {column.sampleData.map((value, i) => (
                        <li key={i}>{value}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted">No values</span>
                  )}
                </TableCell>
                <TableCell className={fieldErrors[select] ? "field--error" : undefined}>
                  <label htmlFor={fieldId(select)} className="visually-hidden">
                    Import column {column.name} as
                  </label>
                  <InlineError name={select} message={fieldErrors[select]} />
                  <select
                    id={fieldId(select)}
                    name={select}
                    value={choice.target}
                    onChange={(event) => update(index, { target: event.currentTarget.value })}
                    aria-invalid={fieldErrors[select] ? true : undefined}
                    aria-describedby={fieldErrors[select] ? errorId(select) : undefined}
                    className="native-select"
                  >
                    <optgroup label={SKIP_LABEL}>
                      <option value={SKIP}>{SKIP_LABEL}</option>
                    </optgroup>
                    <optgroup label={CREATE_NEW_FIELD_LABEL}>
                      <option value={CREATE_NEW_FIELD}>{CREATE_NEW_FIELD_LABEL}</option>
                    </optgroup>
                    <optgroup label={`${IMPORT_TYPE_LABELS[importType]} fields`}>
                      {fields.map((field) => (
                        <option key={field.key} value={field.key}>
                          {field.required ? `${field.label} (required)` : field.label}
                        </option>
                      ))}
                    </optgroup>
                  </select>
                </TableCell>
                <TableCell className={fieldErrors[nameInput] ? "field--error" : undefined}>
                  {showName ? (
                    <>
                      <label htmlFor={fieldId(nameInput)} className="visually-hidden">
                        New field name for column {column.name}
                      </label>
                      <InlineError name={nameInput} message={fieldErrors[nameInput]} />
                      <input
                        id={fieldId(nameInput)}
                        name={nameInput}
                        type="text"
                        value={choice.newFieldName}
                        onChange={(event) => update(index, { newFieldName: event.currentTarget.value })}
                        maxLength={100}
                        aria-invalid={fieldErrors[nameInput] ? true : undefined}
                        aria-describedby={fieldErrors[nameInput] ? errorId(nameInput) : "new-field-name-hint"}
                        className="text-input"
                      />
                    </>
                  ) : (
                    <span className="muted">Not needed</span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </DataTable>
      <Text as="p" id="new-field-name-hint" color="gray" size="2">
        A new field name is used only when the column is set to {CREATE_NEW_FIELD_LABEL}; the values are kept as custom fields.
      </Text>
      <Flex gap="2" wrap="wrap" align="center">
        <Button type="submit" size="3" disabled={(hydrated && Boolean(notReady)) || busy || undefined} aria-describedby={hydrated && notReady ? "import-not-ready" : undefined}>
          {busy ? "Starting import..." : "Import"}
        </Button>
        <Button asChild size="3" variant="outline" color="gray">
          <Link to={wizardUrls.upload(importType)}>Back</Link>
        </Button>
      </Flex>
      {hydrated && notReady ? (
        <Text as="p" id="import-not-ready" color="gray">
          {notReady}
        </Text>
      ) : null}
    </Form>
  );
}
