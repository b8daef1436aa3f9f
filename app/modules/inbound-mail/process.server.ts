/**
 * The inbound-mail job (docs/inbound-mail.md#the-job): reads a received message, decides what becomes
 * of it and records it, keeps it for review, or rejects it. Idempotent: only a row still `received`
 * is worked on, and the outcome is written in the same transaction as the records.
 */
import type { InboundTag } from "~db/entities/enums";
import { Project, type IProject } from "~db/entities/Project";
import { User } from "~db/entities/User";
import { db, withRequestContext } from "~db/orm";
import { sqlExecute, sqlOne } from "~db/sql.server";
import { toCurrentUser } from "~/modules/access/current-user.server";
import { projectRoleFrom, type ProjectAccess } from "~/modules/access/project-access.server";
import { roleAllows, type Role } from "~/modules/permissions/permissions";
import { getObjectStore } from "~/modules/storage/index.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { refId } from "~db/entities/refs";
import { domainListed, domainOf } from "./address";
import { attachmentList } from "./attachments";
import { authenticationFailed } from "./auth-results";
import { decideInbound, type ReviewReason, type SenderKind } from "./decide";
import { conversationAddresses, parseInbound, type ParsedInbound } from "./parse.server";
import { matchStakeholders, recordInboundMessage } from "./record.server";
import { inboundSettingsOf } from "./settings.server";
import type { InboundJobData } from "./receive.server";

const inboundLog = log.child({ component: "inbound-mail" });

export interface InboundRow {
  id: number;
  project_id: number;
  status: string;
  tag: InboundTag | null;
  raw_key: string | null;
  spf: string | null;
  dkim: string | null;
}

/** The least role that may add records: the pipeline's standing when it records in the owner's name. */
const PIPELINE_ROLE: Role = "officer";

export async function readRaw(key: string): Promise<Buffer> {
  const { stream } = await getObjectStore().get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The active user with this address and their role in the project (null: not a member). */
export async function memberByEmail(project: IProject, address: string | null | undefined): Promise<{ access: ProjectAccess; canRecord: boolean } | null> {
  if (!address) return null;
  const user = await db().findOne(User, { email: address.toLowerCase(), isActive: true, deletedAt: null });
  if (!user) return null;
  const membership = await sqlOne<{ role: string }>("select role from project_membership where project_id = ? and user_id = ? and is_active = true", [project.id, user.id]);
  const current = toCurrentUser(user);
  const role = projectRoleFrom(current, refId(project.client), membership?.role ?? null);
  if (!role) return null;
  return { access: { user: current, project, role }, canRecord: roleAllows(role, "editData") };
}

/** The project's owner, in whose name a message from a non-user is recorded. */
export async function ownerAccess(project: IProject): Promise<ProjectAccess> {
  const owner = await db().findOneOrFail(User, { id: (project.owner as { id: string }).id });
  return { user: toCurrentUser(owner), project, role: PIPELINE_ROLE };
}

interface Classified {
  kind: SenderKind;
  /** The member who sent (or forwarded) it, or a member among the recipients when a stakeholder or an allowed domain sent it. */
  staff: { access: ProjectAccess; canRecord: boolean } | null;
}

async function classifySender(project: IProject, parsed: ParsedInbound, allowedDomains: string[], stakeholderEmails: Set<string>): Promise<Classified> {
  const address = parsed.sender?.address ?? null;
  const member = await memberByEmail(project, address);
  if (member) return { kind: member.canRecord ? "member" : "read_only_member", staff: member };
  const kind: SenderKind = address && stakeholderEmails.has(address) ? "stakeholder" : domainListed(domainOf(address), allowedDomains) ? "allowed_domain" : "unknown";
  if (kind === "unknown") return { kind, staff: null };
  for (const recipient of conversationAddresses(parsed)) {
    const found = await memberByEmail(project, recipient);
    if (found?.canRecord) return { kind, staff: found };
  }
  return { kind, staff: null };
}

/** The fields a review shows, written when the message goes to review (or is recorded). */
async function writeParsedFields(id: number, parsed: ParsedInbound) {
  await sqlExecute(
    `update inbound_message set from_address = ?, from_name = ?, recipients = ?::jsonb, subject = ?, sent_at = ?, text_body = ?, forwarded = ?, attachments = ?::jsonb, updated_at = now() where id = ?`,
    [
      parsed.from?.address ?? null,
      parsed.from?.name ?? null,
      JSON.stringify(conversationAddresses(parsed)),
      parsed.subject,
      parsed.sentAt,
      parsed.text,
      parsed.forwarded,
      JSON.stringify(attachmentList(parsed.attachments)),
      id,
    ],
  );
}

async function toReview(row: InboundRow, reason: ReviewReason, senderUserId: string | null) {
  await sqlExecute("update inbound_message set status = 'review', review_reason = ?, sender_user_id = ?, processed_at = now(), updated_at = now() where id = ? and status = 'received'", [
    reason,
    senderUserId,
    row.id,
  ]);
}

/** The columns read from a message, cleared when it is rejected (docs/inbound-mail.md#review). */
export const DROP_CONTENT_SQL = "from_name = null, recipients = '[]'::jsonb, subject = null, text_body = null, raw_key = null, refused_attachments = '[]'::jsonb, attachments = null";

export async function processInboundMessage(data: InboundJobData): Promise<{ status: string }> {
  return withRequestContext(async () => {
    const row = await sqlOne<InboundRow>("select id, project_id, status, tag, raw_key, spf, dkim from inbound_message where id = ?", [data.inboundMessageId]);
    if (!row || row.status !== "received") return { status: row?.status ?? "missing" };
    const project = await db().findOne(Project, { id: row.project_id, isActive: true });
    if (!project) return { status: "received" };
    let parsed: ParsedInbound;
    try {
      parsed = await parseInbound(await readRaw(row.raw_key!));
    } catch (error) {
      inboundLog.warn({ inboundMessageId: row.id, err: error }, "inbound message could not be read");
      await toReview(row, "unreadable", null);
      return { status: "review" };
    }
    const settings = inboundSettingsOf(project);
    const domain = getEnv().INBOUND_MAIL_DOMAIN;
    const addresses = conversationAddresses(parsed).filter((a) => domainOf(a) !== domain);
    const stakeholders = await matchStakeholders(project.id, addresses);
    const stakeholderEmails = new Set(stakeholders.flatMap((s) => s.emails));
    const sender = await classifySender(project, parsed, settings.allowedDomains, stakeholderEmails);
    const outcome = decideInbound({
      blocked: domainListed(domainOf(parsed.sender?.address), settings.blockedDomains) || domainListed(domainOf(parsed.from?.address), settings.blockedDomains),
      authenticationFailed: authenticationFailed({ spf: row.spf, dkim: row.dkim }),
      sender: sender.kind,
      matched: stakeholders.length,
    });
    const senderUserId = sender.staff && parsed.sender && sender.staff.access.user.email === parsed.sender.address ? sender.staff.access.user.id : null;
    if (outcome.status === "rejected") {
      // The row keeps its Message-ID and the sender; the content and the raw message go.
      await sqlExecute(
        `update inbound_message set status = 'rejected', review_reason = ?, from_address = ?, ${DROP_CONTENT_SQL}, processed_at = now(), updated_at = now() where id = ? and status = 'received'`,
        [outcome.reason, parsed.sender?.address ?? null, row.id],
      );
      if (row.raw_key) await getObjectStore().delete(row.raw_key);
      inboundLog.info({ inboundMessageId: row.id, reason: outcome.reason }, "inbound message rejected");
      return { status: "rejected" };
    }
    await writeParsedFields(row.id, parsed);
    if (outcome.status === "review") {
      await toReview(row, outcome.reason, senderUserId);
      inboundLog.info({ inboundMessageId: row.id, reason: outcome.reason }, "inbound message kept for review");
      return { status: "review" };
    }
    const access = sender.staff?.canRecord ? sender.staff.access : await ownerAccess(project);
    const result = await recordInboundMessage({
      access,
      inboundMessageId: row.id,
      parsed,
      stakeholders,
      tag: row.tag,
      senderUserId,
      staffNamed: sender.kind === "allowed_domain" && !senderUserId ? parsed.sender : null,
      fromStatus: "received",
      confirmReply: settings.confirmReply,
    });
    inboundLog.info({ inboundMessageId: row.id, recorded: result?.recorded, refused: result?.refused.length }, "inbound message recorded");
    return { status: result ? "recorded" : "received" };
  });
}
