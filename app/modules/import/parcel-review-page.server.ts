/**
 * The review step of a parcel import, `/import/{id}/parcels` (docs/import.md#parcels): what it shows for one
 * URL (the counts, a page of unmatched parcels, and with `?link=ID&q=` the search-then-pick for one parcel),
 * and its POSTs (create a property from a parcel, create one for each, link to the property picked). Plain
 * forms and links: it works without JavaScript.
 */
import { projectSummary, requirePermission, type ProjectAccess, getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { parseApiPayload } from "~/utils/api-payload";
import { AppError } from "~/utils/app-error";
import { errorResponse } from "~/utils/http.server";
import { parseListQuery } from "~/utils/list-query";
import { requireRecordId } from "~/utils/record-id";
import { getParcelImport, getUnmatchedParcel, listUnmatchedParcels, parcelCounts, PARCELS_RESOLVED_TITLE, resolveParcels, searchLinkChoices, unmatchedParcelIds } from "./parcel-review.server";
import { ResolveParcelsApiSchema, type ParcelResolution } from "./schemas";
import { PARCEL_REVIEW_FORM_ID, plural, PROJECT_REQUIRED_MESSAGE, wizardUrls } from "./wizard";

export const PARCEL_PAGE_SIZE = 50;

export async function loadParcelReviewPage(access: ProjectAccess, idParam: string | undefined, url: URL) {
  requirePermission(access, "importData");
  const id = requireRecordId(idParam, "Import not found");
  const view = await getParcelImport(access, id);
  const { page, offset } = parseListQuery(url.searchParams, { sortKeys: ["row"] as const, defaultSort: "row", pageSize: PARCEL_PAGE_SIZE });
  const linkParam = url.searchParams.get("link");
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const [counts, rows, linking] = await Promise.all([
    parcelCounts(access, id),
    listUnmatchedParcels(access, id, { limit: PARCEL_PAGE_SIZE, offset }),
    linkParam ? getUnmatchedParcel(access, id, requireRecordId(linkParam, "Parcel not found")) : null,
  ]);
  return {
    project: projectSummary(access),
    import: { id: view.id, fileName: view.fileName, status: view.status },
    counts,
    rows,
    page,
    pageSize: PARCEL_PAGE_SIZE,
    linking: linking ? { parcel: linking, q, choices: q ? await searchLinkChoices(access, q) : [] } : null,
  };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The POSTs: intent "create" or "link" for one parcel, "create-all" for every unmatched one; checked with the /api's schema. */
export async function parcelReviewAction(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  const id = requireRecordId(idParam, "Import not found");
  if (!access) return redirectWithFlash(request, wizardUrls.parcels(id), { kind: "error", title: "Review Failed", description: PROJECT_REQUIRED_MESSAGE });
  requirePermission(access, "importData");
  const form = await request.formData();
  const intent = text(form.get("intent"));
  const back = wizardUrls.parcels(id, { page: Number(text(form.get("page"))) || undefined });
  let resolutions: ParcelResolution[];
  if (intent === "create-all") resolutions = (await unmatchedParcelIds(access, id)).map((parcelId) => ({ parcelId, action: "create" as const }));
  else if (intent === "create" || intent === "link")
    resolutions = [{ parcelId: Number(text(form.get("parcelId"))), action: intent, propertyId: intent === "link" ? Number(text(form.get("propertyId"))) : null }];
  else throw new AppError(400, "Unknown action");
  if (!resolutions.length) return redirectWithFlash(request, back, { kind: "info", title: PARCELS_RESOLVED_TITLE, description: "Every parcel of this import is linked to a property." });
  const input = parseApiPayload(ResolveParcelsApiSchema, { importId: id, resolutions });
  try {
    const outcome = await resolveParcels(access, id, input.resolutions);
    const description = outcome.created ? `${plural(outcome.created, "property", "properties")} created from parcels and linked.` : `${plural(outcome.linked, "parcel")} linked to a property.`;
    return redirectWithFlash(request, back, { kind: "success", title: PARCELS_RESOLVED_TITLE, description });
  } catch (error) {
    return errorResponse(error, { form: "none", title: "Review Failed", formId: PARCEL_REVIEW_FORM_ID, redirect: (flash) => redirectWithFlash(request, back, flash) });
  }
}
