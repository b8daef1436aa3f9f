/**
 * Streams the rows of a CSV file (csv-parse), never holding the file in memory: the encoding is
 * found first (a BOM, else a strict UTF-8 pass over the bytes, else Windows-1252), then the text is
 * decoded as it is read, checked for binary characters, and split on the delimiter its first lines use.
 */
import fs from "node:fs";
import { pipeline, Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import iconv from "iconv-lite";
import { unreadable } from "./errors";
import { EMPTY_IMPORT_FILE_MESSAGE, NOT_A_CSV_MESSAGE } from "./file-kind";
import type { Deadline } from "./limits";
import { LIMIT_MESSAGES } from "./limits";
import { binaryCharacterIn, createUtf8Check, detectDelimiter, encodingFromBom, type Delimiter, type TextEncoding } from "./text-format";

const CHUNK_BYTES = 64 * 1024;
const DELIMITER_SAMPLE_CHARS = 64 * 1024;
/** A record longer than this (an unclosed quote running to the end of the file, say) is refused. */
const MAX_RECORD_CHARS = 2_000_000;

export interface CsvFormat {
  encoding: TextEncoding;
  bomBytes: number;
}

/** The file's encoding: a BOM decides; otherwise UTF-8 when every byte sequence is valid UTF-8. */
export async function detectCsvEncoding(path: string): Promise<CsvFormat> {
  const check = createUtf8Check();
  let head: Uint8Array | null = null;
  let total = 0;
  for await (const chunk of fs.createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (!head) {
      head = chunk.subarray(0, 4);
      const bom = encodingFromBom(head);
      if (bom && bom.encoding !== "utf-8") return bom;
    }
    check.push(chunk);
  }
  if (total === 0) throw unreadable(EMPTY_IMPORT_FILE_MESSAGE);
  const bom = head ? encodingFromBom(head) : null;
  if (check.valid()) return { encoding: "utf-8", bomBytes: bom?.bomBytes ?? 0 };
  return { encoding: "windows-1252", bomBytes: 0 };
}

async function* decodedText(path: string, format: CsvFormat, deadline: Deadline): AsyncGenerator<string> {
  const decoder = iconv.getDecoder(format.encoding, { stripBOM: false });
  const check = (text: string) => {
    if (binaryCharacterIn(text)) throw unreadable(NOT_A_CSV_MESSAGE);
    if (deadline.expired()) throw unreadable(LIMIT_MESSAGES.tooSlow);
    return text;
  };
  for await (const chunk of fs.createReadStream(path, { start: format.bomBytes, highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    const text = decoder.write(chunk);
    if (text) yield check(text);
  }
  const rest = decoder.end();
  if (rest) yield check(rest);
}

function csvErrorMessage(error: CsvError): string {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : "";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `The CSV file could not be read: a quoted value is never closed${where}.`;
    case "CSV_MAX_RECORD_SIZE":
      return `The CSV file could not be read: a row is far too long${where}, which usually means a quote is never closed.`;
    default:
      return `The CSV file could not be read${where}: ${error.message.replace(/^Invalid Record Length: /, "")}`;
  }
}

export interface CsvRow {
  /** The record's number in the file, the header counted: the row Excel shows it on. */
  rowNumber: number;
  cells: string[];
}

/** The rows of a CSV file in order, empty records included (the table skips them). */
export async function* readCsvRows(path: string, deadline: Deadline): AsyncGenerator<CsvRow, { delimiter: Delimiter; encoding: TextEncoding }> {
  const format = await detectCsvEncoding(path);
  const text = decodedText(path, format, deadline);
  // The first chunks decide the delimiter, then go to the parser ahead of the rest.
  const head: string[] = [];
  let sampled = 0;
  let ended = false;
  while (sampled < DELIMITER_SAMPLE_CHARS) {
    const next = await text.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    sampled += next.value.length;
  }
  const delimiter = detectDelimiter(head.join(""), { complete: ended });
  async function* all() {
    yield* head;
    if (!ended) yield* text;
  }
  const parser = parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, max_record_size: MAX_RECORD_CHARS });
  // pipeline destroys the parser with the source's error, so the loop below throws it.
  pipeline(Readable.from(all()), parser, () => undefined);
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      yield { rowNumber, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(csvErrorMessage(error));
    throw error;
  } finally {
    parser.destroy();
  }
  return { delimiter, encoding: format.encoding };
}
