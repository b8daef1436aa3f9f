import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentationDownload } from "~/modules/help-centre/downloads.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/documentation/download-word/{docType}: the document as a Word file (LSC_TYPE.docx); product-overview and sales-materials only, 404 for the rest. A restricted document is 403, an unknown one 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => documentationDownload(request, params.docType, "word"));
