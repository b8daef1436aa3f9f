import { AppError } from "~/utils/app-error";
import { INVALID_FILE_TITLE, specFileType, type ImportFileKind } from "./file-kind";

/**
 * A refused import file: the message the upload step shows (and /api sends in `error`), with the
 * title it appears under ("Invalid File" for a type the wizard does not take).
 */
export class ImportFileError extends AppError {
  /** The form's other fields as far as they were read (the wizard shows the chosen import type again). */
  fields: Record<string, string> = {};

  constructor(
    status: 400 | 413 | 415 | 422,
    message: string,
    public readonly title: string = "Failed to parse file",
  ) {
    super(status, message, "IMPORT_FILE_REFUSED");
  }
}

export const invalidFile = (message: string) => new ImportFileError(415, message, INVALID_FILE_TITLE);
export const unreadable = (message: string) => new ImportFileError(422, message);

export const PARSE_FAILED_TITLE = "Failed to parse file";
export const PARSE_FAILED_MESSAGE = "Failed to parse file. Please check the file format.";
const TYPE_NAMES = { csv: "CSV", excel: "Excel", pdf: "PDF", gis: "GIS" } as const;

/** "Failed to parse CSV file" (Excel, PDF) once the file's type is known, else the general message. */
export function parseFailedMessage(kind: ImportFileKind | null): string {
  return kind ? `Failed to parse ${TYPE_NAMES[specFileType(kind)]} file` : PARSE_FAILED_MESSAGE;
}
