import type { ActionFunctionArgs } from "@remix-run/node";
import { apiExtractPdfFields } from "~/modules/project-lifecycle/startup-upload.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/extract-pdf-fields (multipart `pdf`): the start-up form's fields read from a filled-in PDF
 * → `{ fields, teamMembers, message }`. Needs a signed-in user who may create projects; no project yet.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    return apiExtractPdfFields(request);
  });
