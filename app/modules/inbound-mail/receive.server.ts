import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { InboundTag, InboundVia } from "~db/entities/enums";
import { sqlRows, withPgTransaction } from "~db/sql.server";
import { inTransaction, jobs } from "~/modules/jobs/boss.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { parseInboundAddress } from "./address";
import { parseAuthenticationResults } from "./auth-results";
import { deliveryAddresses, headerValue, messageIdOf, readHeaderBlock } from "./raw-headers";

export const INBOUND_QUEUE = "inbound-mail";
export interface InboundJobData {
  inboundMessageId: number;
}

const inboundLog = log.child({ component: "inbound-mail" });

export interface InboundMeta {
  via: InboundVia;
  /** The SMTP envelope's MAIL FROM (IMAP: the Return-Path, when known). */
  envelopeFrom?: string | null;
  /** The SMTP envelope's RCPT TO; for IMAP, empty (the headers are read instead). */
  envelopeTo: string[];
  /** An Authentication-Results header value the receiving side vouches for; else the message's topmost one. */
  authResults?: string | null;
}

export interface InboundProject {
  projectId: number;
  tag: InboundTag | null;
}

/** The active projects `addresses` name at the inbound domain, each once (the first tag wins). */
export async function findInboundProjects(addresses: readonly string[]): Promise<(InboundProject & { address: string })[]> {
  const domain = getEnv().INBOUND_MAIL_DOMAIN;
  const parsed = addresses.map((address) => ({ address, parsed: parseInboundAddress(address, domain) })).filter((a) => a.parsed);
  if (!parsed.length) return [];
  const keys = [...new Set(parsed.map((a) => a.parsed!.key))];
  const rows = await sqlRows<{ id: number; inbound_key: string }>(`select id, inbound_key from project where is_active = true and inbound_key in (${keys.map(() => "?").join(", ")})`, keys);
  const byKey = new Map(rows.map((r) => [r.inbound_key, r.id]));
  const seen = new Set<number>();
  const found: (InboundProject & { address: string })[] = [];
  for (const { address, parsed: p } of parsed) {
    const projectId = byKey.get(p!.key);
    if (projectId === undefined || seen.has(projectId)) continue;
    seen.add(projectId);
    found.push({ projectId, tag: p!.tag, address });
  }
  return found;
}

/** The project an SMTP recipient names, or null (the listener answers 550). */
export async function findInboundProject(address: string): Promise<InboundProject | null> {
  const [found] = await findInboundProjects([address]);
  return found ? { projectId: found.projectId, tag: found.tag } : null;
}

export interface ReceivedMessage {
  projectId: number;
  inboundMessageId: number;
  /** The project already had a message with this Message-ID: nothing new was stored. */
  duplicate: boolean;
}

/**
 * Takes one raw message (docs/inbound-mail.md#receiving): for each project it is addressed to, the raw
 * bytes go to the object store and a row and its job are written in one transaction; a Message-ID the
 * project already has is skipped (its object deleted again). Returns what each project got; an
 * empty list when the message names no project.
 */
export async function receiveInboundMessage(raw: Buffer, meta: InboundMeta): Promise<{ received: ReceivedMessage[] }> {
  const headers = readHeaderBlock(raw);
  const messageId = messageIdOf(headers, raw);
  let projects = await findInboundProjects(meta.envelopeTo);
  if (!projects.length && meta.via === "imap") projects = await findInboundProjects(deliveryAddresses(headers));
  const auth = parseAuthenticationResults(meta.authResults ?? headerValue(headers, "authentication-results"));
  const received: ReceivedMessage[] = [];
  const store = getObjectStore();
  for (const project of projects) {
    const key = `projects/${project.projectId}/inbound/${crypto.randomUUID()}`;
    await store.put(key, Readable.from([raw]), { contentType: "message/rfc822", maxBytes: raw.length });
    try {
      const outcome = await withPgTransaction(async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `insert into inbound_message (project_id, message_id, via, tag, envelope_from, envelope_to, raw_key, raw_size, spf, dkim)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)
           on conflict (project_id, message_id) do nothing returning id`,
          [project.projectId, messageId, meta.via, project.tag, meta.envelopeFrom ?? null, JSON.stringify(meta.envelopeTo), key, raw.length, auth.spf, auth.dkim],
        );
        if (!rows[0]) {
          const existing = await client.query<{ id: number }>("select id from inbound_message where project_id = $1 and message_id = $2", [project.projectId, messageId]);
          return { inboundMessageId: existing.rows[0]!.id, duplicate: true };
        }
        const data: InboundJobData = { inboundMessageId: rows[0].id };
        const jobId = await jobs().send(INBOUND_QUEUE, data, { db: inTransaction(client), singletonKey: `inbound-${rows[0].id}` });
        if (!jobId) throw new Error(`the ${INBOUND_QUEUE} queue does not exist`);
        return { inboundMessageId: rows[0].id, duplicate: false };
      });
      if (outcome.duplicate) await store.delete(key);
      received.push({ projectId: project.projectId, ...outcome });
      inboundLog.info({ projectId: project.projectId, inboundMessageId: outcome.inboundMessageId, duplicate: outcome.duplicate, via: meta.via, size: raw.length }, "inbound message received");
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      throw error;
    }
  }
  return { received };
}
