import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { documentationContentJson } from "~/modules/help-centre/downloads.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/documentation/content/{docType}: `{ title, html, lastModified }`; 403 restricted, 404 unknown. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => json(await documentationContentJson(request, params.docType), { headers: { "Cache-Control": "private, no-store" } }));
