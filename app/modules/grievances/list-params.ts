import { GRIEVANCE_CATEGORIES, GRIEVANCE_STAGES, type GrievanceCategory, type GrievanceStage } from "~db/entities/enums";
import { MAX_SEARCH_LENGTH } from "~/utils/list-query";

/** The list's filters from a URL (the page's GET form and /api/grievances read them alike). */
export function grievanceFilters(params: URLSearchParams) {
  const stage = params.get("stage");
  const category = params.get("category");
  const property = Number(params.get("property"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    stage: stage === "open" ? ("open" as const) : (GRIEVANCE_STAGES as readonly string[]).includes(stage ?? "") ? (stage as GrievanceStage) : null,
    overdue: params.get("overdue") === "yes",
    category: (GRIEVANCE_CATEGORIES as readonly string[]).includes(category ?? "") ? (category as GrievanceCategory) : null,
    ownerId: (params.get("owner") ?? "").trim().slice(0, 200) || null,
    propertyId: Number.isSafeInteger(property) && property > 0 ? property : null,
    /** Words of a property's address, title or lot/plan, matched as the property list's search does. */
    place: (params.get("place") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
  };
}
