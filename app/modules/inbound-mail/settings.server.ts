import crypto from "node:crypto";
import { Project } from "~db/entities/Project";
import { INBOUND_TAGS, type InboundTag } from "~db/entities/enums";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlOne } from "~db/sql.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { getEnv } from "~/utils/env.server";
import { inboundAddress, inboundKeyFrom } from "./address";
import type { InboundSettingsInput } from "./schemas";

/** The domain of every project address (INBOUND_MAIL_DOMAIN). */
export function inboundDomain(): string {
  return getEnv().INBOUND_MAIL_DOMAIN;
}

/**
 * The project's inbound key, made on first need (docs/inbound-mail.md#the-project-address). Any
 * member may see the address, so viewData is enough; a race between two first requests keeps the
 * first key (the update only fills a null).
 */
export async function ensureInboundKey(access: ProjectAccess): Promise<string> {
  requirePermission(access, "viewData");
  if (access.project.inboundKey) return access.project.inboundKey;
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = inboundKeyFrom(crypto.randomBytes(16));
    try {
      const row = await sqlOne<{ inbound_key: string }>("update project set inbound_key = coalesce(inbound_key, ?) where id = ? returning inbound_key", [candidate, access.project.id]);
      if (row) {
        access.project.inboundKey = row.inbound_key;
        return row.inbound_key;
      }
    } catch (error) {
      // Another project holds this key (unique constraint): draw again.
      if ((error as { code?: string }).code !== "23505") throw error;
    }
  }
  throw new Error("Could not allocate an inbound key");
}

/** The plain address and one per tag, for the settings page and the dashboard. */
export async function projectInboundAddress(access: ProjectAccess): Promise<{ address: string; tagged: Record<InboundTag, string> }> {
  const key = await ensureInboundKey(access);
  const domain = inboundDomain();
  return {
    address: inboundAddress(key, domain),
    tagged: Object.fromEntries(INBOUND_TAGS.map((tag) => [tag, inboundAddress(key, domain, tag)])) as Record<InboundTag, string>,
  };
}

export interface InboundSettings {
  allowedDomains: string[];
  blockedDomains: string[];
  confirmReply: boolean;
}

export function inboundSettingsOf(project: { inboundAllowedDomains?: string[] | null; inboundBlockedDomains?: string[] | null; inboundConfirmReply?: boolean | null }): InboundSettings {
  return { allowedDomains: project.inboundAllowedDomains ?? [], blockedDomains: project.inboundBlockedDomains ?? [], confirmReply: project.inboundConfirmReply === true };
}

export async function getInboundSettings(access: ProjectAccess): Promise<InboundSettings> {
  requirePermission(access, "viewData");
  return inboundSettingsOf(access.project);
}

/** Saves the lists and the confirmation switch (manageMembers: whoever manages the project's team). */
export async function updateInboundSettings(access: ProjectAccess, input: InboundSettingsInput): Promise<InboundSettings> {
  requirePermission(access, "manageMembers");
  return db().transactional(async (em) => {
    const project = await em.findOneOrFail(Project, { id: access.project.id });
    const before = inboundSettingsOf(project);
    project.inboundAllowedDomains = input.allowedDomains;
    project.inboundBlockedDomains = input.blockedDomains;
    project.inboundConfirmReply = input.confirmReply;
    recordAudit({
      userId: access.user.id,
      action: "project.inbound_settings",
      entityType: "Project",
      entityId: project.id,
      clientId: refId(access.project.client),
      projectId: project.id,
      before,
      after: input,
    });
    await em.flush();
    return inboundSettingsOf(project);
  });
}
