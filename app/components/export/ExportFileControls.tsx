import { Button, Callout, Text } from "~/components/radix";
import type { ExportStatus, Format } from "./use-export-download";

const FORMAT_LABELS: Record<Format, string> = { xlsx: "Excel workbook (.xlsx)", csv: "CSV, UTF-8 (.csv)" };

/** The file format radios, the file's name, the Export button and the status region under the column list. */
export function ExportFileControls({
  format,
  onFormat,
  fileNames,
  busy,
  status,
}: {
  format: Format;
  onFormat: (format: Format) => void;
  fileNames: Record<Format, string>;
  busy: boolean;
  status: ExportStatus | null;
}) {
  return (
    <>
      <fieldset className="form-section">
        <legend className="field__label">File format</legend>
        <ul className="radio-list radio-list--inline">
          {(Object.keys(FORMAT_LABELS) as Format[]).map((value) => (
            <li key={value}>
              <input type="radio" id={`export-format-${value}`} name="format" value={value} checked={format === value} onChange={() => onFormat(value)} />{" "}
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
    </>
  );
}
