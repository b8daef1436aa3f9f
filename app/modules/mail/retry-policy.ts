/**
 * When a failed message is tried again (docs/operations.md#mail-delivery): the delay doubles from
 * `baseSeconds` after each failed attempt, never exceeds `maxSeconds`, and after `maxAttempts`
 * attempts the message is given up. Up to a fifth of the delay is shaved off at random, so messages
 * that failed together (a mail server that was down) do not all come back in the same second.
 */
export interface MailRetryPolicy {
  baseSeconds: number;
  maxSeconds: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

export const DEFAULT_MAIL_RETRY_POLICY: MailRetryPolicy = { baseSeconds: 60, maxSeconds: 60 * 60, maxAttempts: 10 };

/** What to do after a failed attempt. */
export type RetryDecision = { retry: true; delaySeconds: number } | { retry: false; reason: "permanent" | "attempts-exhausted" };

/**
 * The decision after attempt number `attemptsMade` (1 for the first) failed. `permanent`: the server
 * refused for good (5xx), which no retry changes. `random` returns a number in [0, 1).
 */
export function retryAfterFailure(policy: MailRetryPolicy, attemptsMade: number, permanent: boolean, random: () => number = Math.random): RetryDecision {
  if (permanent) return { retry: false, reason: "permanent" };
  if (attemptsMade >= policy.maxAttempts) return { retry: false, reason: "attempts-exhausted" };
  const exponent = Math.max(0, attemptsMade - 1);
  // 2 ** 40 is already past any sensible cap; the bound keeps the arithmetic finite.
  const uncapped = policy.baseSeconds * 2 ** Math.min(exponent, 40);
  const capped = Math.min(policy.maxSeconds, uncapped);
  const jitter = capped * 0.2 * Math.min(Math.max(random(), 0), 1);
  return { retry: true, delaySeconds: Math.max(1, Math.round(capped - jitter)) };
}

/** The longest a message can wait from its first attempt to its last (no jitter): for the docs and the screen. */
export function longestRetrySpanSeconds(policy: MailRetryPolicy): number {
  let total = 0;
  for (let attempt = 1; attempt < policy.maxAttempts; attempt++) total += Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(attempt - 1, 40));
  return total;
}
