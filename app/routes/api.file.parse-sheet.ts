import type { ActionFunctionArgs } from "@remix-run/node";
import { apiParseSheet } from "~/modules/import/parse-api.server";

/** POST /api/file/parse-sheet: workbookKey, selectedSheet, projectId → columns, dataKey, totalRows, selectedSheet. */
export const action = ({ request }: ActionFunctionArgs) => apiParseSheet(request);
