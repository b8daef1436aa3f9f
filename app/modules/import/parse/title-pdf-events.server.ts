/**
 * A land-title PDF as the workbook events staging reads (docs/import.md#land-title-pdfs): one sheet whose header row is
 * the title columns and whose rows are the statements, one each. The PDF is read whole before the
 * first event (a statement may span pages), so every refusal comes before anything is staged.
 */
import { unreadable } from "./errors";
import type { Deadline, ParseLimits } from "./limits";
import { parseStatement, splitStatements, type RegisterSearchStatement } from "./register-search";
import { yieldToEventLoop } from "~/utils/yield.server";
import { statementRow, TITLE_COLUMNS } from "./register-search-row";
import { readPdfLines } from "./title-pdf-reader.server";
import { PDF_MESSAGES } from "./title-pdf-messages";
import type { WorkbookEvent } from "./workbook-events";

export async function titlePdfEvents(filePath: string, limits: Pick<ParseLimits, "maxPdfPages" | "pdfWorkerHeapMb">, deadline: Deadline): Promise<AsyncGenerator<WorkbookEvent>> {
  const statements: RegisterSearchStatement[] = [];
  for (const lines of splitStatements(await readPdfLines(filePath, limits, deadline))) {
    const statement = parseStatement(lines);
    if (statement) statements.push(statement);
    // Statement by statement, with turns of the event loop between: 200 at once held it ~150 ms
    // (docs/operations.md#off-the-request-path).
    if (statements.length % 10 === 0) await yieldToEventLoop();
  }
  if (statements.length === 0) throw unreadable(PDF_MESSAGES.noStatement);
  // Row 1 is the header; statement n is row n + 1, as a spreadsheet of them would number it.
  const rows = [{ rowNumber: 1, cells: [...TITLE_COLUMNS] as string[] }, ...statements.map((statement, i) => ({ rowNumber: i + 2, cells: statementRow(statement) }))];
  return (async function* () {
    yield { kind: "sheet", name: "" } as const;
    yield { kind: "rows", rows } as const;
  })();
}
