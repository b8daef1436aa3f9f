import { sqlRows } from "~db/sql.server";
import { calendarDateOf, refIdOrNull } from "~db/entities/refs";
import { hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { todayForProject } from "~/modules/calendar/today";
import { likePattern, parseListQuery } from "~/utils/list-query";
import { parseRecordId, requireRecordId } from "~/utils/record-id";
import { COMMITMENT_SORT_KEYS, listCommitments, parseDueFilter, parseStatusFilter } from "./commitment-list.server";
import { commitmentFormStrings, commitmentLinks, getCommitment, NOT_FOUND, ownerChoices } from "./commitment.server";
import { allowedTransitions, dueBadge } from "./rules";

const FORM_FIELDS = ["description", "promisedOn", "dueDate", "ownerId", "engagementId", "grievanceId", "stakeholderIds", "propertyIds", "version"] as const;
const PICK_LIMIT = 30;

const ids = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => parseRecordId(s.trim()))
    .filter((n): n is number => n !== null)
    .slice(0, 200);

/**
 * The form's choices without loading thousands of records (docs/records.md#commitments): the chosen
 * stakeholders and properties, plus up to PICK_LIMIT of each that match the "Find" text; the
 * engagements of the chosen stakeholders; the project's owners and latest documents.
 */
async function formChoices(access: ProjectAccess, chosen: { stakeholderIds: number[]; propertyIds: number[]; engagementId: number | null; grievanceId: number | null }, find: string) {
  const projectId = access.project.id;
  const pattern = find ? likePattern(find) : null;
  const sIds = `{${chosen.stakeholderIds.join(",")}}`;
  const pIds = `{${chosen.propertyIds.join(",")}}`;
  const [stakeholders, properties, engagements, grievances, owners] = await Promise.all([
    sqlRows<{ id: number; label: string }>(
      `(select id, name as label from stakeholder where project_id = ? and id = any(?::int[]))
       union (select id, name from stakeholder where project_id = ? and ?::text is not null and name ilike ? order by lower(name), id limit ?) order by 2, 1`,
      [projectId, sIds, projectId, pattern, pattern ?? "", PICK_LIMIT],
    ),
    sqlRows<{ id: number; label: string }>(
      `(select id, address as label from property where project_id = ? and id = any(?::int[]))
       union (select id, address from property where project_id = ? and ?::text is not null and address ilike ? order by lower(address), id limit ?) order by 2, 1`,
      [projectId, pIds, projectId, pattern, pattern ?? "", PICK_LIMIT],
    ),
    sqlRows<{ id: number; label: string }>(
      `select e.id, concat(e.subject, ' (', s.name, ', ', to_char(coalesce(e.completed_at, e.scheduled_at, e.created_at), 'YYYY-MM-DD'), ')') as label
       from engagement e join stakeholder s on s.id = e.stakeholder_id
       where e.project_id = ? and (e.stakeholder_id = any(?::int[]) or e.id = ?) order by e.created_at desc, e.id desc limit 100`,
      [projectId, sIds, chosen.engagementId ?? 0],
    ),
    // The project's open grievances (newest first) and the chosen one, whatever its stage (docs/records.md#grievance-links).
    sqlRows<{ id: number; label: string }>(
      `select id, concat(reference, ': ', left(description, 60)) as label from grievance
       where project_id = ? and (stage <> 'closed' or id = ?) order by received_at desc, id desc limit 100`,
      [projectId, chosen.grievanceId ?? 0],
    ),
    ownerChoices(access),
  ]);
  return { stakeholders, properties, engagements, grievances, owners };
}

/**
 * "Add a commitment" from a grievance's page (docs/records.md#grievance-links): the grievance chosen
 * as the source, and its complainant stakeholder and property as the people and place. Another
 * project's grievance prefills nothing (the save would refuse it anyway).
 */
async function fromGrievance(access: ProjectAccess, idParam: string | null): Promise<Record<string, string>> {
  const id = parseRecordId(idParam);
  if (!id) return {};
  const [g] = await sqlRows<{ id: number; stakeholder_id: number | null; property_id: number | null }>("select id, stakeholder_id, property_id from grievance where project_id = ? and id = ?", [
    access.project.id,
    id,
  ]);
  if (!g) return {};
  return { grievanceId: String(g.id), stakeholderIds: g.stakeholder_id ? String(g.stakeholder_id) : "", propertyIds: g.property_id ? String(g.property_id) : "" };
}

async function detailsOf(access: ProjectAccess, id: number, today: string) {
  const c = await getCommitment(access, id);
  const links = await commitmentLinks(access, id);
  const [names] = await sqlRows<{
    stakeholders: { id: number; name: string }[];
    properties: { id: number; address: string }[];
    engagement: string | null;
    grievance: string | null;
    owner: string | null;
    document: string | null;
  }>(
    `select (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by lower(name)), '[]') from stakeholder where project_id = ? and id = any(?::int[])) as stakeholders,
            (select coalesce(json_agg(json_build_object('id', id, 'address', address) order by lower(address)), '[]') from property where project_id = ? and id = any(?::int[])) as properties,
            (select subject from engagement where project_id = ? and id = ?) as engagement,
            (select reference from grievance where project_id = ? and id = ?) as grievance,
            (select coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email) from "user" where id = ?) as owner,
            (select original_file_name from document where project_id = ? and id = ?) as document`,
    [
      access.project.id,
      `{${links.stakeholderIds.join(",")}}`,
      access.project.id,
      `{${links.propertyIds.join(",")}}`,
      access.project.id,
      refIdOrNull(c.engagement) ?? 0,
      access.project.id,
      refIdOrNull(c.grievance) ?? 0,
      c.owner ? (c.owner as { id: string }).id : "",
      access.project.id,
      refIdOrNull(c.evidenceDocument) ?? 0,
    ],
  );
  const dueDate = calendarDateOf(c.dueDate);
  return {
    id: c.id,
    description: c.description,
    promisedOn: calendarDateOf(c.promisedOn) ?? "",
    dueDate,
    status: c.status,
    badge: dueBadge(c.status, dueDate, today),
    cancellationReason: c.cancellationReason ?? null,
    evidenceNote: c.evidenceNote ?? null,
    evidenceDocument: names?.document ? { id: refIdOrNull(c.evidenceDocument)!, name: names.document } : null,
    fulfilledOn: calendarDateOf(c.fulfilledOn),
    engagement: names?.engagement ? { id: refIdOrNull(c.engagement)!, subject: names.engagement } : null,
    grievance: names?.grievance ? { id: refIdOrNull(c.grievance)!, reference: names.grievance } : null,
    ownerName: names?.owner ?? null,
    stakeholders: names?.stakeholders ?? [],
    properties: names?.properties ?? [],
    transitions: allowedTransitions(c.status),
    version: c.version,
  };
}

/** Everything /commitments shows for one URL: the page of rows, the tiles, and the open panel (?view, ?new, ?edit). */
export async function loadCommitmentsPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const canEdit = hasPermission(access.role, "editData");
  const canDelete = hasPermission(access.role, "deleteData");
  const query = parseListQuery(params, { sortKeys: COMMITMENT_SORT_KEYS, defaultSort: "dueDate" });
  const today = todayForProject(access.project);
  const status = parseStatusFilter(params.get("status"));
  const due = parseDueFilter(params.get("due"));
  const owner = (params.get("owner") ?? "").slice(0, 200) || null;
  const who = (params.get("who") ?? "").trim().slice(0, 200);
  const { rows, total, stats } = await listCommitments(access, {
    search: query.search,
    who,
    status,
    due,
    ownerId: owner,
    sort: query.sort,
    dir: query.dir,
    limit: query.pageSize,
    offset: query.offset,
    today,
  });

  const details = params.get("view") ? await detailsOf(access, requireRecordId(params.get("view"), NOT_FOUND), today) : null;
  let form: { mode: "add" | "edit"; values: Record<string, string>; find: string; choices: Awaited<ReturnType<typeof formChoices>> } | null = null;
  const editId = params.get("edit");
  if (canEdit && (editId || params.get("new") === "1")) {
    let values: Record<string, string> = {
      description: "",
      promisedOn: today,
      dueDate: "",
      ownerId: access.user.id,
      engagementId: "",
      grievanceId: "",
      stakeholderIds: "",
      propertyIds: "",
      version: "",
    };
    if (!editId && params.get("grievanceId")) values = { ...values, ...(await fromGrievance(access, params.get("grievanceId"))) };
    if (editId) values = await commitmentFormStrings(access, await getCommitment(access, requireRecordId(editId, NOT_FOUND)));
    // "Find" submitted the form by GET: the typed values come back in the URL.
    const find = (params.get("find") ?? "").trim().slice(0, 200);
    if (params.has("description")) for (const field of FORM_FIELDS) values[field] = params.getAll(field).join(",");
    const choices = await formChoices(
      access,
      { stakeholderIds: ids(values.stakeholderIds), propertyIds: ids(values.propertyIds), engagementId: parseRecordId(values.engagementId), grievanceId: parseRecordId(values.grievanceId) },
      find,
    );
    form = { mode: editId ? "edit" : "add", values: editId ? { ...values, id: editId } : values, find, choices };
  }
  const documents =
    canEdit && details && details.transitions.includes("fulfil")
      ? await sqlRows<{ id: number; name: string }>("select id, original_file_name as name from document where project_id = ? order by created_at desc, id desc limit 100", [access.project.id])
      : [];
  return {
    project: projectSummary(access),
    canEdit,
    canDelete,
    today,
    list: { rows, total, page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort, dir: query.dir, status, due, owner, who },
    stats,
    owners: await ownerChoices(access),
    details,
    documents,
    form,
  };
}

export type CommitmentsPageData = Awaited<ReturnType<typeof loadCommitmentsPage>>;
