/**
 * What a client's plan allows (spec 001 §3 Client, §9 plans): the one place the plan limits are
 * decided, for project creation now and for members and storage later. Pure.
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
  freeProExpiresAt?: Date | string | null;
}

/** The plan in force: a free Professional month still running counts as Professional. */
export function effectivePlan(client: PlanHolder, now: Date = new Date()): SubscriptionPlan {
  const freePro = client.freeProExpiresAt ? new Date(client.freeProExpiresAt) : null;
  if (client.subscriptionPlan === "free" && freePro && freePro.getTime() > now.getTime()) return "professional";
  return client.subscriptionPlan;
}

/** How many active projects the client may have, or null for no limit. */
export function projectLimit(client: PlanHolder, now: Date = new Date()): number | null {
  const plan = effectivePlan(client, now);
  if (plan === "professional" || plan === "enterprise") return null;
  return Math.max(0, client.maxProjects);
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

export interface MemberPlanHolder extends PlanHolder {
  maxUsersPerProject: number;
}

/**
 * How many members one project may have, or null for no limit. Free and Starter read the client's
 * stored `maxUsersPerProject` (3 by default; an administrator may change it). Professional includes
 * two users and sells further seats (spec 001 §9), so it sets no hard limit per project; Enterprise neither.
 */
export function usersPerProjectLimit(client: MemberPlanHolder, now: Date = new Date()): number | null {
  const plan = effectivePlan(client, now);
  if (plan === "professional" || plan === "enterprise") return null;
  return Math.max(0, client.maxUsersPerProject);
}

/** Null when `adding` more members fit the project; otherwise the message the user sees. */
export function usersPerProjectLimitMessage(client: MemberPlanHolder, projectName: string, members: number, adding = 1, now: Date = new Date()): string | null {
  const limit = usersPerProjectLimit(client, now);
  if (limit === null || members + adding <= limit) return null;
  const plan = PLAN_LABELS[effectivePlan(client, now)];
  const allowed = `${limit} ${limit === 1 ? "user" : "users"} per project`;
  return `${projectName} already has ${members} ${members === 1 ? "member" : "members"}: ${client.name} is on the ${plan} plan, which allows ${allowed}. Remove a member or upgrade to Professional on the Subscription page.`;
}
