/**
 * Which failures mean "the database is not there right now" rather than a bug: PostgreSQL stopped,
 * restarting or refusing connections, the pool's acquire timeout, a statement or lock timeout. They
 * are answered 503 with Retry-After and a plain message, never a 500 with a stack
 * (docs/operations.md#when-the-database-goes-away).
 */

export type DatabaseOutage = "unreachable" | "busy";

/** Socket errors and PostgreSQL's connection-exception (08), shutdown (57P01–03) and too-many-connections (53300) codes. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08007",
  "08P01",
]);

/**
 * statement_timeout (57014), lock_timeout (55P03), idle_in_transaction_session_timeout (25P03). The
 * first two codes also mean a cancelled statement and a NOWAIT lock that failed, which are ordinary
 * failures of the request: only the timeouts' own words count.
 */
const BUSY: { code: string; message?: RegExp }[] = [{ code: "57014", message: /statement timeout/i }, { code: "55P03", message: /lock timeout/i }, { code: "25P03" }];

/** What the pool and the pg driver say when no connection could be had or the one in use died. */
const UNREACHABLE_MESSAGES = [
  /Timeout acquiring a connection/i,
  /Connection terminated/i,
  /is not queryable/i,
  /Connection ended unexpectedly/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  previous?: unknown;
  errors?: unknown;
}

/** The error and everything it wraps (cause, an ORM exception's previous, an AggregateError's errors). */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== "object" || depth > 5) return;
  const e = error as ErrorLike;
  yield e;
  yield* chain(e.cause, depth + 1);
  yield* chain(e.previous, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

/** "unreachable" or "busy" when the error is the database being away or overloaded, else null. */
export function databaseOutage(error: unknown): DatabaseOutage | null {
  let busy = false;
  for (const e of chain(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (UNREACHABLE_CODES.has(code) || e.name === "KnexTimeoutError" || UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return "unreachable";
    if (BUSY.some((b) => b.code === code && (!b.message || b.message.test(message)))) busy = true;
  }
  return busy ? "busy" : null;
}

export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_OUTAGE_MESSAGES: Record<DatabaseOutage, string> = {
  unreachable: "The database cannot be reached. Please try again in a moment.",
  busy: "The database is busy. Please try again in a moment.",
};

export const DATABASE_OUTAGE_CODES: Record<DatabaseOutage, string> = {
  unreachable: "DATABASE_UNAVAILABLE",
  busy: "DATABASE_BUSY",
};
