import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { letterFileName, letterPdf, loadLetter } from "~/modules/commitments/letter.server";
import { contentDisposition } from "~/utils/download";
import { AppError } from "~/utils/app-error";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /commitments/letter/{stakeholderId}/pdf: "What we promised you" as a PDF letter (docs/records.md#commitments). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
    const letter = await loadLetter(access, requireRecordId(params.stakeholderId, "Stakeholder not found"));
    const bytes = await letterPdf(letter);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": contentDisposition("attachment", letterFileName(letter.stakeholder.name, letter.today)),
        "Cache-Control": "private, no-store",
      },
    });
  });
