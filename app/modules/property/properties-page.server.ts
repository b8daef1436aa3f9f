import { recordCommitments } from "~/modules/commitments/commitment-list.server";
import { propertyLosses } from "~/modules/affected-areas/losses.server";
import { recordHistory } from "~/modules/audit/history.server";
import { recordTabFrom } from "~/utils/record-tabs";
import { loadRecordDocuments } from "~/modules/document/document.server";
import { linkedStakeholderIds } from "~/modules/links/links.server";
import { hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { parseListQuery } from "~/utils/list-query";
import { propertyFormStrings } from "./form-values";
import { parseLaaFilter } from "./laa-status";
import { propertyDetails } from "./property-json";
import { getProperty, listProperties, listPropertyStakeholders, PROPERTY_SORT_KEYS, stakeholderChoices } from "./property.server";
import { todayForProject } from "~/modules/calendar/today";
import { requireRecordId } from "~/utils/record-id";

const EMPTY_FORM = { address: "", volume: "", folio: "", area: "", zoning: "", notes: "", nextAction: "", nextActionDueDate: "", hasLAA: "", laaExpiryDate: "", laaDetails: "", version: "" };

/**
 * Everything /properties shows for one URL: the page of rows, the tiles, and the data of the
 * URL-state panel that is open (?highlight with ?tab, ?new, ?edit, ?link). Another client's or
 * project's id is a 404 (AppError from getProperty).
 */
export async function loadPropertiesPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const canEdit = hasPermission(access.role, "editData");
  const query = parseListQuery(params, { sortKeys: PROPERTY_SORT_KEYS, defaultSort: "address" });
  const laa = parseLaaFilter(params.get("laa"));
  const view: "cards" | "table" = params.get("view") === "cards" ? "cards" : "table";
  // One today for the rows, the tiles and the details panel (calendar/today.ts).
  const today = todayForProject(access.project);
  const listQuery = { search: query.search, laa, sort: query.sort, dir: query.dir, limit: query.pageSize, offset: query.offset, today };
  // Each view gets only the columns it shows: the table a count of linked stakeholders, the cards their names.
  const { stats, ...page } = view === "cards" ? { view, ...(await listProperties(access, { ...listQuery, view })) } : { view, ...(await listProperties(access, { ...listQuery, view })) };

  const tab = recordTabFrom(params.get("tab"));
  let details = null;
  let documents = null;
  let history = null;
  let commitments = null;
  let losses = null;
  if (params.get("highlight")) {
    const id = requireRecordId(params.get("highlight"), "Property not found");
    const property = await getProperty(access, id);
    const linked = (await listPropertyStakeholders(access, id)).map((s) => ({ id: s.id, name: s.name }));
    details = propertyDetails(property, linked, today);
    if (tab === "documents") documents = await loadRecordDocuments(access, { propertyId: property.id });
    if (tab === "history") history = await recordHistory(access, "Property", property.id);
    // The Details tab lists the property's open commitments (docs/records.md#commitments).
    if (tab === "details") commitments = await recordCommitments(access, { propertyId: property.id }, today);
    // ...and what the affected areas take of its parcels (docs/records.md#affected-areas).
    if (tab === "details") losses = await propertyLosses(access, property.id);
  }
  let form: { mode: "add" | "edit"; values: Record<string, string> } | null = null;
  if (canEdit && params.get("edit")) {
    const property = await getProperty(access, requireRecordId(params.get("edit"), "Property not found"));
    form = { mode: "edit", values: { ...propertyFormStrings(property), id: String(property.id) } };
  } else if (canEdit && params.get("new") === "1") {
    form = { mode: "add", values: EMPTY_FORM };
  }
  let linkPanel = null;
  if (canEdit && params.get("link")) {
    const property = await getProperty(access, requireRecordId(params.get("link"), "Property not found"));
    linkPanel = {
      property: { id: property.id, address: property.address },
      stakeholders: await stakeholderChoices(access),
      linkedIds: await linkedStakeholderIds(access, property.id),
    };
  }
  return {
    project: projectSummary(access),
    canEdit,
    list: { ...page, page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort, dir: query.dir, laa },
    stats,
    details,
    tab,
    documents,
    history,
    commitments,
    losses,
    form,
    linkPanel,
  };
}

export type PropertiesPageData = Awaited<ReturnType<typeof loadPropertiesPage>>;
