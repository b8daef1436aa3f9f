import { Callout, Heading, Text } from "~/components/radix";
import { fieldId, DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import { CRS_FIELD, INVALID_SHAPES_FIELD, plural } from "~/modules/import/wizard";

export interface GisMapping {
  format: string;
  crs: string | null;
  suggestedCrs: string | null;
  crsChoices: { value: string; label: string }[];
  fileProblems: string[];
  problems: { row: number; message: string; repairable: boolean }[];
  problemCount: number;
  invalidRows: number;
  repairableRows: number;
}

export const crsInputId = fieldId(CRS_FIELD);
export const invalidShapesInputId = `${fieldId(INVALID_SHAPES_FIELD)}-repair`;

function InlineError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}

/**
 * The mapping step's parcel choices (docs/import.md#parcels): the coordinate system the file names, or a
 * choice of one when it does not; and its invalid shapes listed by row with the repair-or-skip choice.
 */
export function ParcelChoices({ gis, errors, submitted }: { gis: GisMapping; errors: Record<string, string>; submitted: Record<string, unknown> | undefined }) {
  const crsError = errors[CRS_FIELD];
  const shapesError = errors[INVALID_SHAPES_FIELD];
  const chosenCrs = typeof submitted?.[CRS_FIELD] === "string" ? (submitted[CRS_FIELD] as string) : (gis.suggestedCrs ?? "");
  const chosenShapes = typeof submitted?.[INVALID_SHAPES_FIELD] === "string" ? (submitted[INVALID_SHAPES_FIELD] as string) : "";
  return (
    <section aria-labelledby="parcel-shapes-title" className="stack">
      <Heading as="h3" size="4" id="parcel-shapes-title">
        Shapes and coordinate system
      </Heading>
      {gis.fileProblems.map((message) => (
        <Callout.Root key={message} color="amber">
          <Callout.Text>{message}</Callout.Text>
        </Callout.Root>
      ))}
      {gis.crs ? (
        <Text as="p">
          The {gis.format} file says its coordinates are in <strong>{gis.crs}</strong>. They are converted to GDA2020 longitude/latitude.
        </Text>
      ) : (
        <div className={`field${crsError ? " field--error" : ""}`}>
          <label htmlFor={crsInputId} className="field__label">
            Coordinate system
          </label>
          <p id={`${crsInputId}-hint`} className="field__hint">
            The file does not say which coordinate system it uses. Choose the one it was exported in (QGIS shows it in the layer&apos;s properties).
          </p>
          <InlineError id={`${crsInputId}-error`} message={crsError} />
          <select
            id={crsInputId}
            name={CRS_FIELD}
            defaultValue={chosenCrs}
            key={chosenCrs}
            className="native-select"
            aria-invalid={crsError ? true : undefined}
            aria-describedby={crsError ? `${crsInputId}-error ${crsInputId}-hint` : `${crsInputId}-hint`}
          >
            <option value="">Choose a coordinate system</option>
            {gis.crsChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {gis.crs && crsError ? <InlineError id={`${crsInputId}-error`} message={crsError} /> : null}
      {gis.problemCount ? (
        <>
          <Text as="p">
            {plural(gis.invalidRows, "shape")} {gis.invalidRows === 1 ? "has" : "have"} problems
            {gis.repairableRows ? `; ${plural(gis.repairableRows, "shape")} can be repaired` : ""}. Shapes that cannot be repaired are skipped and listed with the skipped rows.
          </Text>
          <DataTable labelledBy="parcel-shapes-title" caption={{ text: "Invalid shapes by row", hidden: false }}>
            <TableHeader>
              <TableRow>
                <TableColumnHeaderCell>Row</TableColumnHeaderCell>
                <TableColumnHeaderCell>Problem</TableColumnHeaderCell>
                <TableColumnHeaderCell>Can be repaired</TableColumnHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {gis.problems.map((problem, i) => (
                <TableRow key={`${problem.row}-${i}`}>
                  <TableCell>{problem.row}</TableCell>
                  <TableCell className="cell--text">{problem.message}</TableCell>
                  <TableCell>{problem.repairable ? "Yes" : "No"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </DataTable>
          {gis.problemCount > gis.problems.length ? (
            <Text as="p">
              The first {gis.problems.length} of {plural(gis.problemCount, "problem")} are listed.
            </Text>
          ) : null}
        </>
      ) : (
        <Text as="p">Every shape in the file is a valid polygon.</Text>
      )}
      {gis.repairableRows ? (
        <fieldset className={`form-section field${shapesError ? " field--error" : ""}`} aria-describedby={shapesError ? `${fieldId(INVALID_SHAPES_FIELD)}-error` : undefined}>
          <legend className="field__label">What should happen to the shapes that can be repaired?</legend>
          <InlineError id={`${fieldId(INVALID_SHAPES_FIELD)}-error`} message={shapesError} />
          <ul className="radio-list">
            <li>
              <input type="radio" id={invalidShapesInputId} name={INVALID_SHAPES_FIELD} value="repair" defaultChecked={chosenShapes === "repair"} />{" "}
              <label htmlFor={invalidShapesInputId}>Repair them (close rings, drop repeated points, untangle crossings) and import them</label>
            </li>
            <li>
              <input type="radio" id={`${fieldId(INVALID_SHAPES_FIELD)}-skip`} name={INVALID_SHAPES_FIELD} value="skip" defaultChecked={chosenShapes === "skip"} />{" "}
              <label htmlFor={`${fieldId(INVALID_SHAPES_FIELD)}-skip`}>Skip them</label>
            </li>
          </ul>
        </fieldset>
      ) : null}
    </section>
  );
}
