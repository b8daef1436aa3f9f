import { commitmentsByEngagement, recordCommitments } from "~/modules/commitments/commitment-list.server";
import { landholderLosses } from "~/modules/affected-areas/losses.server";
import { recordHistory } from "~/modules/audit/history.server";
import { recordTabFrom } from "~/utils/record-tabs";
import { instantToZonedLocal, DEFAULT_TIME_ZONE } from "~/modules/engagement/zoned-time";
import { loadRecordDocuments } from "~/modules/document/document.server";
import { engagementToJson, listEngagements } from "~/modules/engagement/engagement.server";
import { linkedPropertyIds } from "~/modules/links/links.server";
import { hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { parseListQuery } from "~/utils/list-query";
import { stakeholderDetails, stakeholderToJson } from "./stakeholder-json";
import { todayForProject } from "~/modules/calendar/today";
import { getStakeholder, listStakeholders, projectPropertyChoices, STAKEHOLDER_SORT_KEYS } from "./stakeholder.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * Everything /stakeholders shows for one URL: the page of rows, the tiles, and the data of each
 * URL-state panel that is open (?highlight, ?highlight&contact, ?new, ?edit, ?link, ?interact, ?interactions).
 */
export const PAGE_SIZE = 25;
/** Cards show 3 linked properties, the table 2; the page's one query fetches what its view shows. */
const PROPERTY_PREVIEW = { cards: 3, table: 2 } as const;

export type Panel<T> = { state: "open"; data: T } | { state: "not-found" } | { state: "forbidden" } | null;

async function panel<T>(param: string | null, load: (id: number) => Promise<T>): Promise<Panel<T>> {
  if (param === null) return null;
  try {
    return { state: "open", data: await load(parseRecordId(param) ?? 0) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { state: "not-found" };
    throw error;
  }
}

const brief = (s: { id: number; name: string }) => ({ id: s.id, name: s.name });

/** A write panel the role may not open: refused (and audited) by requirePermission, shown as "Not allowed" with a 403. */
async function refusedPanel(access: ProjectAccess): Promise<{ state: "forbidden" }> {
  try {
    requirePermission(access, "editData");
  } catch (error) {
    if (!(error instanceof AppError && error.status === 403)) throw error;
  }
  return { state: "forbidden" };
}

export async function loadStakeholdersPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const query = parseListQuery(params, { sortKeys: STAKEHOLDER_SORT_KEYS, defaultSort: "name", pageSize: PAGE_SIZE });
  const view: "table" | "cards" = params.get("view") === "cards" ? "cards" : "table";
  const canEdit = hasPermission(access.role, "editData");
  const writable = <T>(p: Promise<Panel<T>>): Promise<Panel<T>> => (canEdit ? p : refusedPanel(access));

  // One today for the rows and the details panel (calendar/today.ts).
  const today = todayForProject(access.project);
  // One query: the page's rows with their linked properties, the match count and the tiles.
  const { rows, total, counts } = await listStakeholders(access, {
    search: query.search,
    sort: query.sort,
    dir: query.dir,
    limit: query.pageSize,
    offset: query.offset,
    today,
    properties: PROPERTY_PREVIEW[view],
  });

  const detail = await panel(params.get("highlight"), async (id) => stakeholderDetails(await getStakeholder(access, id), today));
  // ?highlight=ID&contact=1: the detail view's Edit Contact Details form (docs/records.md#contact-details).
  const contact = detail?.state === "open" && params.get("contact") !== null ? await writable(Promise.resolve({ state: "open" as const, data: null })) : null;
  const tab = recordTabFrom(params.get("tab"));
  const documents = detail?.state === "open" && tab === "documents" ? await loadRecordDocuments(access, { stakeholderId: detail.data.id }) : null;
  const history = detail?.state === "open" && tab === "history" ? await recordHistory(access, "Stakeholder", detail.data.id) : null;
  // The Details tab lists the stakeholder's open commitments (docs/records.md#commitments).
  const commitments = detail?.state === "open" && tab === "details" ? await recordCommitments(access, { stakeholderId: detail.data.id }, today) : null;
  // ...and the land their properties' parcels lose to the affected areas (docs/records.md#affected-areas).
  const losses = detail?.state === "open" && tab === "details" ? await landholderLosses(access, detail.data.id) : null;
  const form =
    params.get("new") !== null
      ? await writable(Promise.resolve({ state: "open" as const, data: null }))
      : params.get("edit") !== null
        ? await writable(panel(params.get("edit"), async (id) => stakeholderToJson(await getStakeholder(access, id))))
        : null;
  const link =
    params.get("link") !== null
      ? await writable(
          panel(params.get("link"), async (id) => {
            const stakeholder = await getStakeholder(access, id);
            const [properties, linked] = await Promise.all([projectPropertyChoices(access), linkedPropertyIds(access, stakeholder.id)]);
            return { stakeholder: brief(stakeholder), properties, linked };
          }),
        )
      : null;
  const interact =
    params.get("interact") !== null
      ? await writable(
          panel(params.get("interact"), async (id) => ({
            stakeholder: brief(await getStakeholder(access, id)),
            // docs/records.md#time-zones: the date and time default to now in the default zone.
            defaultDateTime: instantToZonedLocal(new Date(), DEFAULT_TIME_ZONE),
          })),
        )
      : null;
  const interactions = await panel(params.get("interactions"), async (id) => {
    const result = await listEngagements(access, id, { limit: 50 });
    // The commitments made at each interaction, linked both ways (docs/records.md#commitments).
    const commitments = await commitmentsByEngagement(
      access,
      result.rows.map((e) => e.id),
      today,
    );
    return { stakeholder: brief(result.stakeholder), rows: result.rows.map(engagementToJson), total: result.total, commitments, today };
  });

  const panels = { detail, contact, form, link, interact, interactions };
  const notFound = Object.values(panels).some((p) => p?.state === "not-found");
  const forbidden = Object.values(panels).some((p) => p?.state === "forbidden");

  return {
    status: notFound ? 404 : forbidden ? 403 : 200,
    data: {
      project: projectSummary(access),
      canEdit,
      view,
      query: { search: query.search, sort: query.sort, dir: query.dir, page: query.page, pageSize: query.pageSize },
      counts,
      total,
      // Only what the view shows: the table has no next-action text (docs/data-access.md#the-stakeholders-list).
      rows: view === "cards" ? rows : rows.map(({ nextAction: _shownOnCards, ...row }) => ({ ...row, nextAction: null })),
      panels,
      tab,
      documents,
      history,
      commitments,
      losses,
    },
  };
}

export type StakeholdersPageData = Awaited<ReturnType<typeof loadStakeholdersPage>>["data"];
export type StakeholderRow = StakeholdersPageData["rows"][number];
