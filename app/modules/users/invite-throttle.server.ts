/**
 * Keeps the invitation send counts of invite-throttle.ts (docs/administration.md#invitations) with
 * rate-limiter-flexible, in the counters table the sign-in throttle uses (its own key prefixes), so every
 * app server sharing the database shares them. Each send is counted atomically before it is made; a
 * refused one and one whose save fails are given back, so only invitations actually sent add up.
 */
import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";
import { poolKnex } from "~db/sql.server";
import { AppError } from "~/utils/app-error";
import { addressKey, INVITE_LIMITS, inviterKey, isOverSendLimit, retryAfterSeconds, tooManyInvitationsMessage, type InviteLimits } from "./invite-throttle";

/** The table of db/entities/SignInThrottle.ts (rate-limiter-flexible's layout), created by a migration. */
const COUNTERS_TABLE = "sign_in_throttle";
export const TOO_MANY_INVITATIONS = "TOO_MANY_INVITATIONS";

const CHECKS: (keyof InviteLimits)[] = ["perInviter", "perAddress"];

function limiter(limit: keyof InviteLimits) {
  const rule = INVITE_LIMITS[limit];
  return new RateLimiterPostgres({
    storeClient: poolKnex(),
    storeType: "knex",
    tableName: COUNTERS_TABLE,
    tableCreated: true,
    keyPrefix: limit === "perInviter" ? "invite-by" : "invite-to",
    points: rule.maxSends,
    duration: rule.windowSeconds,
    // The sign-in throttle's limiter clears expired rows of the shared table.
    clearExpiredByTimeout: false,
  });
}

/** Runs `send` (an invitation's save and mail) if neither limit is reached; otherwise 429 with the wait. */
export async function withInviteThrottle<T>(inviterId: string, email: string, send: () => Promise<T>): Promise<T> {
  const limiters = CHECKS.map(limiter);
  const keys = [inviterKey(inviterId), addressKey(email)];
  const counted: RateLimiterRes[] = await Promise.all(limiters.map((l, i) => l.penalty(keys[i]!)));
  const giveBack = () => Promise.all(limiters.map((l, i) => l.reward(keys[i]!)));
  const over = CHECKS.findIndex((limit, i) => isOverSendLimit(counted[i]!.consumedPoints, INVITE_LIMITS[limit]));
  if (over >= 0) {
    await giveBack();
    const wait = counted[over]!.msBeforeNext;
    throw new AppError(429, tooManyInvitationsMessage(CHECKS[over]!, wait), TOO_MANY_INVITATIONS, { "Retry-After": String(retryAfterSeconds(wait)) });
  }
  try {
    return await send();
  } catch (error) {
    await giveBack().catch(() => undefined);
    throw error;
  }
}
