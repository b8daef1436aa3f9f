import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentationDownload } from "~/modules/help-centre/downloads.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/documentation/download-pdf/{docType}: the document as a PDF (LSC_TYPE.pdf). A restricted document is 403, an unknown one 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => documentationDownload(request, params.docType, "pdf"));
