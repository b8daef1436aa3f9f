import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiListDocuments } from "~/modules/document/api.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/documents?projectId=[&search=&category=&limit=&offset=]: the project's documents. */
export const loader = ({ request }: LoaderFunctionArgs) => handleAppErrors(() => apiListDocuments(request));
