import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";
import { accountKey, addressKey, isOverLimit, reachesLimit, SIGN_IN_LIMITS, type SignInLimits, type ThrottleRule } from "./sign-in-throttle";

export type SignInOutcome = { status: "signed-in"; sub: string } | { status: "incorrect" } | { status: "blocked"; retryAfterMs: number };

/** Guards the bundled sign-in's credential check (sign-in-throttle.ts has the rule). */
export interface SignInThrottle {
  attempt(login: string, address: string | undefined, verify: () => Promise<string | null>): Promise<SignInOutcome>;
}

export interface SignInThrottleOptions {
  /**
   * Where the counters live, as rate-limiter-flexible's RateLimiterPostgres takes it: a pg Pool
   * (storeType "pool"), or MikroORM's Knex instance (storeType "knex"). Every app server sharing the
   * database shares the counters.
   */
  storeClient: unknown;
  storeType: "pool" | "knex";
  limits?: SignInLimits;
  /** Created by a migration (db/migrations), never by the library at run time. */
  tableName?: string;
}

const SIGN_IN_THROTTLE_TABLE = "sign_in_throttle";

/**
 * Two rate-limiter-flexible limiters in one PostgreSQL table, one keyed by account and one by client
 * address. Every attempt is counted atomically before the password is checked, so parallel guesses
 * cannot slip past the limit; a success takes its count back (and clears its account's count), so
 * only failures add up.
 */
export function createSignInThrottle({ storeClient, storeType, limits = SIGN_IN_LIMITS, tableName = SIGN_IN_THROTTLE_TABLE }: SignInThrottleOptions): SignInThrottle {
  const limiter = (keyPrefix: string, rule: ThrottleRule, clearExpiredByTimeout: boolean) =>
    new RateLimiterPostgres({
      storeClient,
      storeType,
      tableName,
      tableCreated: true,
      keyPrefix,
      points: rule.maxFailures,
      duration: rule.windowSeconds,
      // One limiter deletes long-expired rows of the shared table every five minutes; once is enough.
      clearExpiredByTimeout,
    });
  const perAccount = { limiter: limiter("sign-in-account", limits.perAccount, true), rule: limits.perAccount };
  const perAddress = { limiter: limiter("sign-in-address", limits.perAddress, false), rule: limits.perAddress };
  const checks = [perAccount, perAddress];

  return {
    async attempt(login, clientAddress, verify) {
      const keys = [accountKey(login), addressKey(clientAddress)];
      const counted = await Promise.all(checks.map((check, i) => check.limiter.penalty(keys[i])));
      const over = checks.map((check, i) => isOverLimit(counted[i].consumedPoints, check.rule));
      if (over.some(Boolean)) {
        // Refused unchecked, so not a failure: give the attempt back where it was not over the limit.
        await Promise.all(checks.map((check, i) => (over[i] ? null : check.limiter.reward(keys[i]))));
        return { status: "blocked", retryAfterMs: longestWait(counted.filter((_, i) => over[i])) };
      }

      const sub = await verify();
      if (sub) {
        await Promise.all([perAccount.limiter.delete(keys[0]), perAddress.limiter.reward(keys[1])]);
        return { status: "signed-in", sub };
      }

      // A failure that reaches a limit starts that limit's block, from now.
      const blocks = await Promise.all(checks.map((check, i) => (reachesLimit(counted[i].consumedPoints, check.rule) ? check.limiter.block(keys[i], check.rule.blockSeconds) : null)));
      const started = blocks.filter((res): res is RateLimiterRes => res !== null);
      return started.length ? { status: "blocked", retryAfterMs: longestWait(started) } : { status: "incorrect" };
    },
  };
}

function longestWait(results: RateLimiterRes[]): number {
  return Math.max(0, ...results.map((res) => res.msBeforeNext));
}
