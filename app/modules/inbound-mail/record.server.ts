/**
 * Recording an inbound message (docs/inbound-mail.md#recording): an engagement on each stakeholder
 * of the conversation, its attachments as their documents, a grievance or commitment when the
 * address's tag asks for one, the message row's outcome and the optional confirmation, all in one
 * transaction. Used by the job and by the review inbox's accept.
 */
import { Readable } from "node:stream";
import type { InboundRecorded, InboundRefusedAttachment } from "~db/entities/InboundMessage";
import type { InboundTag } from "~db/entities/enums";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlExecute, sqlOne, sqlRows } from "~db/sql.server";
import type { ProjectAccess } from "~/modules/access/project-access.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { reserveStorage } from "~/modules/billing/storage-quota.server";
import { projectTimeZone } from "~/modules/calendar/today";
import { createCommitment } from "~/modules/commitments/commitment.server";
import { CommitmentFormSchema, type CommitmentInput } from "~/modules/commitments/schemas";
import { insertDocumentRow } from "~/modules/document/document.server";
import { newObjectKey } from "~/modules/document/upload.server";
import { recordEngagement } from "~/modules/engagement/engagement.server";
import { EngagementSchema } from "~/modules/engagement/schemas";
import { instantToZonedLocal, isEngagementTimeZone } from "~/modules/engagement/zoned-time";
import { createGrievance } from "~/modules/grievances/grievance.server";
import { GrievanceSchema } from "~/modules/grievances/schemas";
import { queueMail } from "~/modules/mail/index.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { AppError } from "~/utils/app-error";
import { attachmentVerdict } from "./attachments";
import { notesText, subjectText, type MailAddress } from "./message-text";
import type { ParsedInbound } from "./parse.server";

export interface MatchedStakeholder {
  id: number;
  name: string;
}

/**
 * The project's stakeholders whose e-mail addresses (any of the three, compared in the duplicate
 * rules' canonical form: trimmed, lower-case) are among `addresses`.
 */
export async function matchStakeholders(projectId: number, addresses: readonly string[]): Promise<(MatchedStakeholder & { emails: string[] })[]> {
  if (!addresses.length) return [];
  const rows = await sqlRows<{ id: number; name: string; emails: (string | null)[] }>(
    `with a(address) as (select jsonb_array_elements_text(?::jsonb))
     select s.id, s.name, array[lower(trim(s.email)), lower(trim(s.email2)), lower(trim(s.email3))] as emails
       from stakeholder s
      where s.project_id = ?
        and (lower(trim(s.email)) in (select address from a) or lower(trim(s.email2)) in (select address from a) or lower(trim(s.email3)) in (select address from a))
      order by s.id`,
    [JSON.stringify(addresses), projectId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, emails: r.emails.filter((e): e is string => !!e) }));
}

const who = (a: MailAddress | null) => (a ? (a.name ? `${a.name} <${a.address}>` : a.address) : "(unknown)");

/** The lines above the text in the engagement's notes: who wrote to whom, and who passed it on. */
export function notesHeader(parsed: ParsedInbound, staffNamed: MailAddress | null): string {
  const lines = [`From: ${who(parsed.from)}`];
  if (parsed.to.length) lines.push(`To: ${parsed.to.map(who).join(", ")}`);
  if (parsed.cc.length) lines.push(`Cc: ${parsed.cc.map(who).join(", ")}`);
  if (parsed.forwarded) lines.push(`Forwarded by: ${who(parsed.sender)}`);
  if (staffNamed) lines.push(`Sent by: ${who(staffNamed)}, who is not a user of this app`);
  return `${lines.join("\n")}\n\n`;
}

export interface RecordRequest {
  /** Whose name the records are in: the member who sent or forwarded it, else the project's owner (or the reviewer). */
  access: ProjectAccess;
  inboundMessageId: number;
  parsed: ParsedInbound;
  stakeholders: MatchedStakeholder[];
  tag: InboundTag | null;
  /** The member who sent or forwarded it (sender_user). */
  senderUserId: string | null;
  /** A sender who is not a user, named in the notes. */
  staffNamed: MailAddress | null;
  /** The member who accepted it from review. */
  reviewedBy?: string | null;
  /** Status the row must still have (the job: received; review's accept: review). */
  fromStatus: "received" | "review";
  confirmReply: boolean;
}

export type RecordOutcome = { recorded: InboundRecorded; refused: InboundRefusedAttachment[] } | null;

/** Records the message; null when another worker or reviewer got to the row first. */
export async function recordInboundMessage(request: RecordRequest): Promise<RecordOutcome> {
  const { access, parsed } = request;
  const stored: string[] = [];
  const clientId = refId(access.project.client);
  try {
    return await db().transactional(async (em) => {
      const row = await sqlOne<{ status: string }>("select status from inbound_message where id = ? and project_id = ? for update", [request.inboundMessageId, access.project.id]);
      if (!row || row.status !== request.fromStatus) return null;
      const tz = projectTimeZone(access.project.settings);
      const sentAt = parsed.sentAt && parsed.sentAt.getTime() <= Date.now() + 5 * 60_000 ? parsed.sentAt : new Date();
      const engagementInput = EngagementSchema.parse({
        type: request.tag === "meeting" ? "meeting" : "email",
        subject: subjectText(parsed.subject),
        completedAt: sentAt.toISOString(),
        timezone: isEngagementTimeZone(tz) ? tz : undefined,
        notes: notesText(parsed.text, notesHeader(parsed, request.staffNamed)),
      });
      const recorded: Required<Pick<InboundRecorded, "engagements" | "documents">> & InboundRecorded = { engagements: [], documents: [] };
      for (const stakeholder of request.stakeholders) recorded.engagements.push((await recordEngagement(access, stakeholder.id, engagementInput)).id);

      const refused: InboundRefusedAttachment[] = [];
      for (const attachment of parsed.attachments) {
        const verdict = attachmentVerdict(attachment.fileName, attachment.content);
        if (!verdict.ok) {
          refused.push({ fileName: verdict.fileName, reason: verdict.reason });
          continue;
        }
        try {
          await reserveStorage(clientId, attachment.content.byteLength);
        } catch (error) {
          if (error instanceof AppError) {
            refused.push({ fileName: verdict.fileName, reason: error.message });
            continue;
          }
          throw error;
        }
        const key = newObjectKey(access.project.id, "documents");
        await getObjectStore().put(key, Readable.from([attachment.content]), { contentType: verdict.mimeType, maxBytes: attachment.content.byteLength });
        stored.push(key);
        // One object, a document on each stakeholder (the quota counts it once, docs/records.md#documents).
        for (const stakeholder of request.stakeholders) {
          const documentId = await insertDocumentRow(
            em,
            access,
            {
              stakeholderId: stakeholder.id,
              originalFileName: verdict.fileName,
              mimeType: verdict.mimeType,
              fileSize: attachment.content.byteLength,
              storageKey: key,
              description: `Attached to the e-mail "${subjectText(parsed.subject)}"`,
              category: "correspondence",
              tags: ["e-mail"],
            },
            { inboundMessageId: request.inboundMessageId },
          );
          recorded.documents.push(documentId);
        }
      }

      const first = request.stakeholders[0]!;
      if (request.tag === "grievance") {
        const local = instantToZonedLocal(sentAt, tz);
        const grievance = await createGrievance(
          access,
          GrievanceSchema.parse({
            receivedDate: local.slice(0, 10),
            receivedTime: local.slice(11, 16),
            channel: "email",
            complainantKind: "stakeholder",
            stakeholderId: first.id,
            category: "other",
            severity: "medium",
            description: notesText(`${subjectText(parsed.subject)}\n\n${parsed.text}`).slice(0, 4000),
          }),
        );
        recorded.grievances = [grievance.id];
      } else if (request.tag === "commitment") {
        const input = CommitmentFormSchema.parse({
          description: `${subjectText(parsed.subject)}\n\n${parsed.text}`.slice(0, 2000).trim(),
          promisedOn: instantToZonedLocal(sentAt, tz).slice(0, 10),
          stakeholderIds: request.stakeholders.map((s) => s.id),
          engagementId: recorded.engagements[0],
        }) as CommitmentInput;
        recorded.commitments = [(await createCommitment(access, input)).id];
      }

      await sqlExecute(
        `update inbound_message set status = 'recorded', review_reason = null, recorded = ?::jsonb, refused_attachments = ?::jsonb,
                sender_user_id = coalesce(?, sender_user_id), reviewed_by_id = ?, reviewed_at = case when ?::text is null then null else now() end,
                processed_at = now(), updated_at = now()
          where id = ?`,
        [JSON.stringify(recorded), JSON.stringify(refused), request.senderUserId, request.reviewedBy ?? null, request.reviewedBy ?? null, request.inboundMessageId],
      );
      recordAudit({
        userId: request.reviewedBy ?? request.senderUserId,
        action: "inbound.recorded",
        entityType: "InboundMessage",
        entityId: request.inboundMessageId,
        clientId,
        projectId: access.project.id,
        after: { recorded, refused },
      });
      await em.flush();
      if (request.confirmReply && parsed.sender) await queueConfirmation(request, recorded, refused);
      return { recorded, refused };
    });
  } catch (error) {
    for (const key of stored)
      await getObjectStore()
        .delete(key)
        .catch(() => undefined);
    throw error;
  }
}

/** The short reply to the sender (docs/inbound-mail.md#confirmation-reply), once per message. */
async function queueConfirmation(request: RecordRequest, recorded: InboundRecorded, refused: InboundRefusedAttachment[]) {
  const { parsed, stakeholders } = request;
  const lines = [`Your e-mail "${subjectText(parsed.subject)}" was recorded in ${request.access.project.name}:`, "", ...stakeholders.map((s) => `- an e-mail interaction on ${s.name}`)];
  const files = parsed.attachments.length - refused.length;
  if (files > 0) lines.push(`- ${files} attachment${files === 1 ? "" : "s"} as documents of ${stakeholders.length === 1 ? "that stakeholder" : "each of them"}`);
  if (recorded.grievances?.length) lines.push("- a grievance");
  if (recorded.commitments?.length) lines.push("- a commitment");
  if (refused.length) lines.push("", "Not recorded:", ...refused.map((r) => `- ${r.fileName}: ${r.reason}`));
  await queueMail(
    { to: parsed.sender!.address, subject: `Recorded: ${subjectText(parsed.subject)}`, text: `${lines.join("\n")}\n` },
    { kind: "inbound-confirmation", dedupeKey: `inbound-confirmation-${request.inboundMessageId}` },
  );
}
