import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { skippedRowsCsv } from "~/modules/import/imports.server";
import { AppError } from "~/utils/app-error";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** The rows an import skipped, with row number, column, value and reason, as a CSV download. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) throw new AppError(404, "Import not found");
    const id = requireRecordId(params.id, "Import not found");
    const csv = await skippedRowsCsv(access, id);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="import_${id}_skipped_rows.csv"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
