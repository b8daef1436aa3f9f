/**
 * Client organisations and their plans (docs/administration.md#subscription, #plans): the system
 * admin's list, creation, the free Professional month and the offline upgrade requests; a client
 * owner's subscription and usage. Each function checks its permission first.
 */
import { LockMode } from "@mikro-orm/core";
import { Client, type IClient } from "~db/entities/Client";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { clientStoredBytes } from "~/modules/billing/storage-quota.server";
import { AppError } from "~/utils/app-error";
import { formatDate } from "~/utils/dates";
import { BILLING_MESSAGES, requireSubscriptionClient, requireSystemPermission } from "~/modules/access/system.server";
import { effectivePlan, FREE_PLAN_DEFAULTS, freeMonthExpiry, freeMonthRefusal, hasFreePro, projectLimit, storageLimitMB, usersPerProjectLimit } from "./plan-limits";
import type { CreateClientInput } from "./schemas";
import type { SubscriptionPlan } from "~db/entities/enums";

/** An offline upgrade waiting for a system admin (kept in the client's settings). */
export interface UpgradeRequest {
  plan: "professional";
  requestedAt: string;
  requestedBy: string;
  requestedByName: string;
}

export const clientCreatedMessage = (name: string) => `Client organization "${name}" created successfully!`;
export const freeMonthMessage = (client: string, expiresAt: Date) => `Free Professional month granted to ${client}! Expires: ${formatDate(expiresAt)}`;
export const freeMonthFailedMessage = (message: string) => `Failed to grant free month: ${message}`;

export function upgradeRequestOf(client: Pick<IClient, "settings">): UpgradeRequest | null {
  const request = (client.settings as { upgradeRequest?: UpgradeRequest } | null)?.upgradeRequest;
  return request && request.plan === "professional" ? request : null;
}

export function clientToJson(client: IClient, projectCount: number, now: Date = new Date()) {
  return {
    id: client.id,
    name: client.name,
    subscriptionPlan: client.subscriptionPlan as SubscriptionPlan,
    effectivePlan: effectivePlan(client, now),
    subscriptionStatus: client.subscriptionStatus,
    freeProExpiresAt: client.freeProExpiresAt ? new Date(client.freeProExpiresAt).toISOString() : null,
    freeProActive: hasFreePro(client, now),
    maxProjects: client.maxProjects,
    maxUsersPerProject: client.maxUsersPerProject,
    maxStorageMB: client.maxStorageMB,
    projectCount,
    upgradeRequest: upgradeRequestOf(client),
  };
}
export type ClientJson = ReturnType<typeof clientToJson>;

async function activeProjectCounts(clientIds: number[]): Promise<Map<number, number>> {
  if (!clientIds.length) return new Map();
  const rows = await sqlRows<{ client_id: number; n: string }>(
    `select client_id, count(*) as n from project where is_active and client_id in (${clientIds.map(() => "?").join(",")}) group by client_id`,
    clientIds,
  );
  return new Map(rows.map((r) => [Number(r.client_id), Number(r.n)]));
}

/** GET /api/client/all and the system admin's list: every client, by name, one page. */
export async function listClients(user: CurrentUser, { limit = 100, offset = 0 } = {}, now: Date = new Date()) {
  requireSystemPermission(user, "manageClients", { message: BILLING_MESSAGES.manageClients, entityType: "Client" });
  const [clients, total] = await db().findAndCount(Client, {}, { orderBy: { name: "asc", id: "asc" }, limit, offset });
  const counts = await activeProjectCounts(clients.map((c) => c.id));
  return { clients: clients.map((c) => clientToJson(c, counts.get(c.id) ?? 0, now)), total };
}

/** POST /api/client/create: a new client on the free plan's defaults. */
export async function createClient(user: CurrentUser, input: CreateClientInput) {
  requireSystemPermission(user, "manageClients", { message: BILLING_MESSAGES.manageClients, entityType: "Client" });
  const em = db();
  return em.transactional(async () => {
    const [same] = await sqlRows<{ id: number }>(`select id from client where lower(name) = lower(?) limit 1`, [input.organizationName]);
    if (same) throw new AppError(409, `Failed to create client organization: a client organization named "${input.organizationName}" already exists`);
    const client = em.create(Client, {
      name: input.organizationName,
      subscriptionPlan: "free",
      subscriptionStatus: "active",
      ...FREE_PLAN_DEFAULTS,
      isActive: true,
      settings: {},
    } as never);
    await em.flush();
    recordAudit({ userId: user.id, action: "client.create", entityType: "Client", entityId: client.id, clientId: client.id, after: { name: client.name } });
    return clientToJson(client, 0);
  });
}

async function lockClient(id: number): Promise<IClient> {
  const client = await db().findOne(Client, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!client) throw new AppError(404, "Client not found");
  return client;
}

/** POST /api/client/grant-free-month/{id}: Professional for 30 days from today or from the running expiry. */
export async function grantFreeMonth(user: CurrentUser, clientId: number, now: Date = new Date()) {
  requireSystemPermission(user, "manageClients", { message: BILLING_MESSAGES.manageClients, entityType: "Client", entityId: clientId });
  return db().transactional(async (em) => {
    const client = await lockClient(clientId);
    const refusal = freeMonthRefusal(client);
    if (refusal) throw new AppError(409, refusal, "FREE_MONTH_REFUSED");
    const before = client.freeProExpiresAt ? new Date(client.freeProExpiresAt).toISOString() : null;
    const expiresAt = freeMonthExpiry(client.freeProExpiresAt, now);
    client.freeProExpiresAt = expiresAt;
    client.freeProGrantedBy = user.id;
    client.freeProGrantedAt = now;
    await em.flush();
    recordAudit({
      userId: user.id,
      action: "client.grant_free_month",
      entityType: "Client",
      entityId: client.id,
      clientId: client.id,
      before: { freeProExpiresAt: before },
      after: { freeProExpiresAt: expiresAt.toISOString() },
    });
    return { client: client.name, expiresAt, message: freeMonthMessage(client.name, expiresAt) };
  });
}

/** The client's plan set to Professional (a paid checkout, or an offline request applied). */
export async function setProfessionalPlan(clientId: number, by: { userId: string | null; source: string; customerId?: string | null; subscriptionId?: string | null }, now: Date = new Date()) {
  return db().transactional(async (em) => {
    const client = await lockClient(clientId);
    const before = { subscriptionPlan: client.subscriptionPlan, subscriptionStatus: client.subscriptionStatus };
    client.subscriptionPlan = "professional";
    client.subscriptionStatus = "active";
    client.subscriptionStartDate ??= now;
    if (by.customerId) client.paymentCustomerId = by.customerId;
    if (by.subscriptionId) client.paymentSubscriptionId = by.subscriptionId;
    const { upgradeRequest: _done, ...settings } = (client.settings ?? {}) as Record<string, unknown>;
    client.settings = settings;
    await em.flush();
    recordAudit({
      userId: by.userId,
      action: "subscription.professional",
      entityType: "Client",
      entityId: client.id,
      clientId: client.id,
      before,
      after: { subscriptionPlan: "professional", source: by.source },
    });
    return client;
  });
}

/** A system admin applies a client's offline upgrade request. */
export async function applyUpgradeRequest(user: CurrentUser, clientId: number) {
  requireSystemPermission(user, "manageClients", { message: BILLING_MESSAGES.manageClients, entityType: "Client", entityId: clientId });
  const client = await db().findOne(Client, { id: clientId });
  if (!client) throw new AppError(404, "Client not found");
  if (!upgradeRequestOf(client)) throw new AppError(409, `${client.name} has no upgrade request waiting`);
  return setProfessionalPlan(clientId, { userId: user.id, source: "upgrade request applied" });
}

/** Records an offline upgrade request for the client (no payment provider configured). */
export async function recordUpgradeRequest(user: CurrentUser, clientId: number, requestedByName: string, now: Date = new Date()) {
  return db().transactional(async (em) => {
    const client = await lockClient(clientId);
    const request: UpgradeRequest = { plan: "professional", requestedAt: now.toISOString(), requestedBy: user.id, requestedByName };
    client.settings = { ...(client.settings ?? {}), upgradeRequest: request };
    await em.flush();
    recordAudit({ userId: user.id, action: "subscription.upgrade_requested", entityType: "Client", entityId: client.id, clientId: client.id, after: request });
    return request;
  });
}

const toMB = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** GET /api/client/subscription: the client owner's plan and usage (docs/administration.md#subscription). */
export async function getSubscription(user: CurrentUser, now: Date = new Date()) {
  const clientId = requireSubscriptionClient(user);
  const client = await db().findOne(Client, { id: clientId });
  if (!client) throw new AppError(404, "Client not found");
  const [usage] = await sqlRows<{ projects: string; users: string | null }>(
    `select (select count(*) from project where client_id = ? and is_active) as projects,
            (select max(n) from (select count(*) as n from project_membership m join project p on p.id = m.project_id
                                 where p.client_id = ? and p.is_active and m.is_active group by m.project_id) t) as users`,
    [clientId, clientId],
  );
  // Counted as the storage limit counts it (billing/storage-quota.server.ts): documents and templates.
  const bytes = await clientStoredBytes(clientId);
  return {
    clientId: client.id,
    clientName: client.name,
    subscriptionPlan: effectivePlan(client, now),
    storedPlan: client.subscriptionPlan,
    subscriptionStatus: client.subscriptionStatus,
    freeProExpiresAt: hasFreePro(client, now) ? new Date(client.freeProExpiresAt!).toISOString() : null,
    currentProjects: Number(usage?.projects ?? 0),
    maxProjects: projectLimit(client, now),
    currentUsers: Number(usage?.users ?? 0),
    maxUsersPerProject: usersPerProjectLimit(client, now),
    storageUsedMB: toMB(bytes),
    maxStorageMB: storageLimitMB(client, now),
    upgradeRequest: upgradeRequestOf(client),
  };
}
export type SubscriptionJson = Awaited<ReturnType<typeof getSubscription>>;
