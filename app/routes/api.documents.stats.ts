import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { documentStats } from "~/modules/document/document.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/documents/stats?projectId=: totalDocuments, totalSize, categoryBreakdown. */
export const loader = ({ request }: LoaderFunctionArgs) => handleAppErrors(async () => json(await documentStats(await requireApiProject(request))));
