import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload, ApiValidationError } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { importOfPending } from "~/modules/import/duplicates.server";
import { resolveDuplicates } from "~/modules/import/duplicates-resolve.server";
import { RESOLVED_TITLE } from "~/modules/import/duplicate-view";
import { ResolveDuplicatesApiSchema } from "~/modules/import/schemas";
import { IMPORT_API } from "~/modules/import/parse-api.server";
import type { Choice } from "~/modules/import/duplicate-view";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/resolve-duplicates (docs/import.md#api): { projectId, importId?, resolutions } → { message, created,
 * linked, merged, notTaken }. Every pending row of the import must have a resolution; all are applied in
 * one transaction or none. Errors carry the spec's `error` field.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(ResolveDuplicatesApiSchema, body);
    const choices: Choice[] = input.resolutions.map((resolution, index) => {
      const pendingId =
        resolution.pendingId ?? resolution.pendingStakeholder?.pendingId ?? resolution.pendingProperty?.pendingId ?? resolution.stakeholderData?.pendingId ?? resolution.propertyData?.pendingId;
      if (!pendingId) throw new ApiValidationError({ [`resolutions.${index}.pendingId`]: "Name the pending duplicate: pendingId from the import's pendingDuplicates" });
      const selectedId = (resolution.type === "stakeholder" ? resolution.selectedStakeholderId : resolution.selectedPropertyId) ?? null;
      if (resolution.action !== "create" && !selectedId) {
        throw new ApiValidationError({ [`resolutions.${index}`]: `Choose the existing ${resolution.type} to ${resolution.action === "link" ? "link to" : "merge into"}` });
      }
      return { pendingId, action: resolution.action, selectedId: resolution.action === "create" ? null : selectedId };
    });
    const importId = input.importId ?? (await importOfPending(access, choices[0]!.pendingId));
    const outcome = await resolveDuplicates(access, importId, choices);
    return json({ ...outcome, message: RESOLVED_TITLE });
  }, IMPORT_API);
}
