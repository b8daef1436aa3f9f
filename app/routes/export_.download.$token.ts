import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadPendingExport } from "~/modules/export/export-download.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /export/download/{token}: the file the /export page checked a moment ago (export-download.server.ts). */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => downloadPendingExport(request, params.token));
