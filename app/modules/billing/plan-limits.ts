/**
 * What a client's plan allows (docs/administration.md#plans): the one place the plan limits are
 * decided: projects, users per project and storage, wherever they are enforced or shown. Pure.
 *
 * Free and Starter clients have the limits stored on the client (`maxProjects`, `maxUsersPerProject`;
 * the free plan's defaults are 1 and 3, and an administrator may raise them); Professional and
 * Enterprise have no project limit. A granted free Professional month counts as Professional until it
 * expires.
 */
import type { SubscriptionPlan } from "~db/entities/enums";

export const PLAN_LABELS: Record<SubscriptionPlan, string> = { free: "Free", starter: "Starter", professional: "Professional", enterprise: "Enterprise" };

export const SUBSCRIPTION_URL = "/subscription";

export interface PlanHolder {
  name: string;
  subscriptionPlan: SubscriptionPlan;
  maxProjects: number;
  maxUsersPerProject?: number;
  maxStorageMB?: number;
  freeProExpiresAt?: Date | string | null;
}

/**
 * A new client's stored limits (the Free plan's): what createClient stores, what the limits fall back
 * to, and what the Free plan card says (plans.ts), so the card states what is enforced.
 */
export const FREE_PLAN_DEFAULTS = { maxProjects: 1, maxUsersPerProject: 3, maxStorageMB: 100 } as const;

/** The product leaves the free month's length to the server: 30 days (docs/administration.md#plans). */
export const FREE_MONTH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Professional and Enterprise are the paid plans without the stored limits. */
const isUnlimitedPlan = (plan: SubscriptionPlan) => plan === "professional" || plan === "enterprise";

/** True while a granted free Professional month has not yet expired. */
export function hasFreePro(client: Pick<PlanHolder, "freeProExpiresAt">, now: Date = new Date()): boolean {
  return !!client.freeProExpiresAt && new Date(client.freeProExpiresAt).getTime() > now.getTime();
}

/**
 * The new expiry of a granted free month: 30 days from the current expiry while that is still
 * running (a second grant extends the first), otherwise 30 days from now.
 */
export function freeMonthExpiry(current: Date | string | null | undefined, now: Date = new Date()): Date {
  const running = current ? new Date(current) : null;
  const from = running && running.getTime() > now.getTime() ? running : now;
  return new Date(from.getTime() + FREE_MONTH_DAYS * DAY_MS);
}

/**
 * Null when the client can be given a free Professional month; otherwise why not: a client that
 * already pays for Professional or Enterprise would gain nothing from it.
 */
export function freeMonthRefusal(client: Pick<PlanHolder, "name" | "subscriptionPlan">): string | null {
  if (!isUnlimitedPlan(client.subscriptionPlan)) return null;
  return `${client.name} is already on the ${PLAN_LABELS[client.subscriptionPlan]} plan, so a free Professional month would change nothing`;
}

/** The plan in force: a free Professional month still running counts as Professional. */
export function effectivePlan(client: PlanHolder, now: Date = new Date()): SubscriptionPlan {
  if ((client.subscriptionPlan === "free" || client.subscriptionPlan === "starter") && hasFreePro(client, now)) return "professional";
  return client.subscriptionPlan;
}

/** How many active projects the client may have, or null for no limit. */
export function projectLimit(client: PlanHolder, now: Date = new Date()): number | null {
  if (isUnlimitedPlan(effectivePlan(client, now))) return null;
  return Math.max(0, client.maxProjects);
}

/**
 * How many members one project may have, or null for no limit: the stored limit on Free and
 * Starter; Professional bills seats beyond the two included instead of refusing them.
 */
export function usersPerProjectLimit(client: PlanHolder, now: Date = new Date()): number | null {
  if (isUnlimitedPlan(effectivePlan(client, now))) return null;
  return Math.max(0, client.maxUsersPerProject ?? FREE_PLAN_DEFAULTS.maxUsersPerProject);
}

/** Storage allowed in MB, or null for unlimited (Professional). */
export function storageLimitMB(client: PlanHolder, now: Date = new Date()): number | null {
  if (isUnlimitedPlan(effectivePlan(client, now))) return null;
  return Math.max(0, client.maxStorageMB ?? FREE_PLAN_DEFAULTS.maxStorageMB);
}

/** A limit as a plan card says it: "1 project", "3 users per project", "Unlimited storage". */
export function limitFeature(limit: number | null, kind: "projects" | "users" | "storage"): string {
  if (kind === "storage") return limit === null ? "Unlimited storage" : `${limit}MB storage`;
  if (kind === "projects") return limit === null ? "Unlimited projects" : `${limit} ${limit === 1 ? "project" : "projects"}`;
  return limit === null ? "Unlimited users per project" : `${limit} ${limit === 1 ? "user" : "users"} per project`;
}

/** A limit as the screens print it. */
export function limitLabel(limit: number | null): string {
  return limit === null ? "Unlimited" : String(limit);
}

/**
 * Null when one more project fits the plan; otherwise the message the user sees (it names the plan
 * and what it allows; the screen links it to the Subscription page).
 */
export function projectLimitMessage(client: PlanHolder, activeProjects: number, now: Date = new Date()): string | null {
  const limit = projectLimit(client, now);
  if (limit === null || activeProjects < limit) return null;
  const plan = PLAN_LABELS[effectivePlan(client, now)];
  const allowed = `${limit} ${limit === 1 ? "project" : "projects"}`;
  return `${client.name} is on the ${plan} plan, which allows ${allowed}, and already has ${activeProjects}. Upgrade to Professional on the Subscription page to create more projects.`;
}

/** Null when `adding` more members fit the project; otherwise the message the user sees. */
export function usersPerProjectLimitMessage(client: PlanHolder, projectName: string, members: number, adding = 1, now: Date = new Date()): string | null {
  const limit = usersPerProjectLimit(client, now);
  if (limit === null || members + adding <= limit) return null;
  const plan = PLAN_LABELS[effectivePlan(client, now)];
  const allowed = `${limit} ${limit === 1 ? "user" : "users"} per project`;
  return `${projectName} already has ${members} ${members === 1 ? "member" : "members"}: ${client.name} is on the ${plan} plan, which allows ${allowed}. Remove a member or upgrade to Professional on the Subscription page.`;
}
