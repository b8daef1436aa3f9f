/**
 * A land-title PDF as the workbook events staging reads (docs/import.md#land-title-pdfs): one sheet whose header row is
 * the title columns and whose rows are the statements, one each. The PDF is read whole before the
 * first event (a statement may span pages), so every refusal comes before anything is staged.
 */
import { unreadable } from "./errors";
import type { Deadline, ParseLimits } from "./limits";
import { readStatements } from "./register-search";
import { statementRow, TITLE_COLUMNS } from "./register-search-row";
import { readPdfLines } from "./title-pdf-reader.server";
import { PDF_MESSAGES } from "./title-pdf-messages";
import type { WorkbookEvent } from "./workbook-events";

export async function titlePdfEvents(filePath: string, limits: Pick<ParseLimits, "maxPdfPages" | "pdfWorkerHeapMb">, deadline: Deadline): Promise<AsyncGenerator<WorkbookEvent>> {
  const statements = readStatements(await readPdfLines(filePath, limits, deadline));
  if (statements.length === 0) throw unreadable(PDF_MESSAGES.noStatement);
  // Row 1 is the header; statement n is row n + 1, as a spreadsheet of them would number it.
  const rows = [{ rowNumber: 1, cells: [...TITLE_COLUMNS] as string[] }, ...statements.map((statement, i) => ({ rowNumber: i + 2, cells: statementRow(statement) }))];
  return (async function* () {
    yield { kind: "sheet", name: "" } as const;
    yield { kind: "rows", rows } as const;
  })();
}
