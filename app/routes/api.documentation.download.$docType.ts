import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentationDownload } from "~/modules/help-centre/downloads.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/documentation/download/{docType}: the document as one self-contained HTML file, LSC_TYPE.html (stylesheet inlined, images embedded). A restricted document is 403, an unknown one 404. */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => documentationDownload(request, params.docType, "html"));
