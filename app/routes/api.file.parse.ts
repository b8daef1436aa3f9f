import type { ActionFunctionArgs } from "@remix-run/node";
import { apiParseFile } from "~/modules/import/parse-api.server";

/**
 * POST /api/file/parse: multipart `file` (.csv, .xlsx, .xls) and `fileType`, projectId in the query or
 * before the file → fileType, fileName, hasMultipleSheets, sheets, workbookKey, columns, dataKey, totalRows.
 * Errors: `{ error, message, title? }` (docs/errors.md#api-error-shapes).
 */
export const action = ({ request }: ActionFunctionArgs) => apiParseFile(request);
