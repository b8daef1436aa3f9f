/**
 * What the Mail inbox shows for one URL (docs/inbound-mail.md#review): the page of messages of one
 * status, and one message with, for an editor and a message still in review, the stakeholders the
 * finder matched. The pipeline's reads (review.server.ts) check viewData and the project; this file
 * turns their rows into the plain rows the components display.
 */
import { sqlRows } from "~db/sql.server";
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { projectTimeZone } from "~/modules/calendar/today";
import { hasPermission } from "~/modules/permissions/permissions";
import { likePattern, MAX_SEARCH_LENGTH } from "~/utils/list-query";
import { requireRecordId } from "~/utils/record-id";
import { getInboundMessage, listInboundMessages } from "./review.server";
import { attachmentList } from "./attachments";
import { parseInbound } from "./parse.server";
import { readRaw } from "./process.server";
import { INBOX_STATUSES, INBOX_STATUS_LABELS, senderLabel, type InboxAttachment, type InboxMessage, type InboxRow, type InboxStatus } from "./review-view";
import { MESSAGE_NOT_FOUND } from "./review-actions.server";

export const INBOX_PAGE_SIZE = 25;
/** Stakeholders the accept form's finder offers at most. */
export const MATCH_LIMIT = 20;

export const inboxStatusOf = (value: string | null): InboxStatus => ((INBOX_STATUSES as readonly string[]).includes(value ?? "") ? (value as InboxStatus) : "review");

const pageOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

type Listed = Awaited<ReturnType<typeof listInboundMessages>>["rows"][number];

function toRow(m: Listed, attachments: InboxAttachment[] | null): InboxRow {
  return {
    id: m.id,
    status: m.status,
    from: senderLabel(m.fromName, m.fromAddress),
    fromAddress: m.fromAddress,
    subject: m.subject,
    sentAt: m.sentAt ?? m.receivedAt,
    reason: m.reviewReasonText,
    spf: m.spf,
    dkim: m.dkim,
    attachments,
  };
}

/** Messages larger than this are not opened for the list's attachment column (their page lists them). */
const LIST_PARSE_LIMIT = 5 * 1024 * 1024;

/**
 * The attachments of each message, with the upload rules' verdict (docs/inbound-mail.md#attachments):
 * while it waits, the list written when the message was read (a message read before that list was kept
 * is opened again); once recorded, the refusals stored then. Null for a message that could not be read,
 * or too large to open for a list.
 */
async function attachmentsOf(access: ProjectAccess, ids: number[], sizeLimit: number): Promise<Map<number, InboxAttachment[] | null>> {
  const out = new Map<number, InboxAttachment[] | null>();
  if (!ids.length) return out;
  const rows = await sqlRows<{ id: number; rawKey: string | null; rawSize: number; refused: { fileName: string; reason: string }[]; attachments: InboxAttachment[] | null }>(
    `select id, raw_key as "rawKey", raw_size as "rawSize", refused_attachments as refused, attachments from inbound_message where project_id = ? and id in (${ids.map(() => "?").join(", ")})`,
    [access.project.id, ...ids],
  );
  for (const row of rows) {
    if (!row.rawKey) {
      out.set(
        row.id,
        (row.refused ?? []).map((a) => ({ fileName: a.fileName, refused: a.reason })),
      );
      continue;
    }
    if (row.attachments) {
      out.set(row.id, row.attachments);
      continue;
    }
    if (row.rawSize > sizeLimit) {
      out.set(row.id, null);
      continue;
    }
    try {
      out.set(row.id, attachmentList((await parseInbound(await readRaw(row.rawKey))).attachments));
    } catch {
      out.set(row.id, null);
    }
  }
  return out;
}

const RECORDED_LABELS: Record<string, string> = { engagements: "engagements", grievances: "grievances", commitments: "commitments", documents: "documents", stakeholders: "stakeholders created" };

/** One page of the project's messages of one status, as plain rows (the screen's and the /api's). */
export async function loadInboxRows(access: ProjectAccess, status: InboxStatus, page: { limit: number; offset: number }): Promise<{ rows: InboxRow[]; total: number }> {
  const { rows, total } = await listInboundMessages(access, { status, limit: page.limit, offset: page.offset });
  const attachments = await attachmentsOf(
    access,
    rows.map((r) => r.id),
    LIST_PARSE_LIMIT,
  );
  return { rows: rows.map((r) => toRow(r, attachments.get(r.id) ?? [])), total };
}

/** /inbound-mail[?status=review|recorded|rejected&page=]: one page of the project's messages of one status. */
export async function loadInboxPage(access: ProjectAccess, url: URL) {
  const status = inboxStatusOf(url.searchParams.get("status"));
  const page = pageOf(url.searchParams.get("page"));
  const { rows, total } = await loadInboxRows(access, status, { limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE });
  return {
    project: projectSummary(access),
    timeZone: projectTimeZone(access.project.settings),
    status,
    statuses: INBOX_STATUSES.map((value) => ({ value, label: INBOX_STATUS_LABELS[value] })),
    list: { rows, total, page, pageSize: INBOX_PAGE_SIZE },
  };
}

export type InboxPageData = Awaited<ReturnType<typeof loadInboxPage>>;

/** The project's stakeholders whose name or any e-mail address contains `find` (at most MATCH_LIMIT). */
async function stakeholderMatches(access: ProjectAccess, find: string) {
  const pattern = likePattern(find);
  return sqlRows<{ id: number; name: string; email: string | null }>(
    `select id, name, coalesce(email, email2, email3) as email from stakeholder
      where project_id = ? and (name ilike ? or email ilike ? or email2 ilike ? or email3 ilike ?)
      order by lower(name), id limit ?`,
    [access.project.id, pattern, pattern, pattern, pattern, MATCH_LIMIT],
  );
}

/** One message as the screen and GET /api/inbound-mail/{id} show it (404 for another project's, from the pipeline's read). */
export async function inboxMessageJson(access: ProjectAccess, id: number): Promise<InboxMessage> {
  const m = await getInboundMessage(access, id);
  const attachments = await attachmentsOf(access, [m.id], Number.MAX_SAFE_INTEGER);
  return {
    ...toRow(m, attachments.get(m.id) ?? []),
    fromName: m.fromName,
    to: m.recipients,
    forwarded: m.forwarded,
    text: m.textBody,
    recorded: Object.entries(m.recorded)
      .filter(([, ids]) => Array.isArray(ids) && ids.length)
      .map(([kind, ids]) => ({ label: RECORDED_LABELS[kind] ?? kind, count: (ids as unknown[]).length })),
  };
}

/** /inbound-mail/{id}[?find=&reject=1]: the message, and the accept and reject forms for an editor while it is in review. */
export async function loadInboxMessagePage(access: ProjectAccess, idParam: string | undefined, url: URL) {
  const message = await inboxMessageJson(access, requireRecordId(idParam, MESSAGE_NOT_FOUND));
  const canAct = hasPermission(access.role, "editData") && message.status === "review";
  const find = (url.searchParams.get("find") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return {
    project: projectSummary(access),
    timeZone: projectTimeZone(access.project.settings),
    message,
    canAct,
    find,
    matches: canAct && find ? await stakeholderMatches(access, find) : null,
    matchLimit: MATCH_LIMIT,
    confirmingReject: canAct && url.searchParams.get("reject") === "1",
  };
}

export type InboxMessagePageData = Awaited<ReturnType<typeof loadInboxMessagePage>>;
