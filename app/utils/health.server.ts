import type { RequestHandler } from "express";
import { sqlRows } from "~db/sql.server";
import { migrationsList } from "~db/migrations/index";
import { log } from "./log.server";

/**
 * `/healthz` and `/readyz` (docs/operations.md#health-and-metrics), answered before the session, the
 * body limits and Remix. `/healthz` says the process is alive and does no I/O (a liveness probe that
 * restarts the container). `/readyz` says whether this instance can serve now: the database answers,
 * the object store answers, and no committed migration is waiting; each check has its own short time
 * limit, and a failed one is named with its reason (503), so a load balancer takes the instance out.
 */
export type ReadinessCheck = () => Promise<unknown>;

export const READY_CHECK_TIMEOUT_MS = 2000;

const healthLog = log.child({ component: "health" });

class TimedOut extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** The database answers a query. */
export const databaseAnswers: ReadinessCheck = () => sqlRows("select 1");

/** Every committed migration is applied (a newer instance's schema is not missing here). */
export const noPendingMigrations: ReadinessCheck = async () => {
  const applied = new Set((await sqlRows<{ name: string }>("select name from mikro_orm_migrations")).map((row) => row.name));
  const pending = migrationsList.filter((migration) => !applied.has(migration.name)).length;
  if (pending) throw new Error(`${pending} pending`);
};

export interface ReadinessResult {
  ready: boolean;
  checks: Record<string, { ok: true } | { ok: false; reason: string }>;
}

export async function checkReadiness(checks: Record<string, ReadinessCheck>, timeoutMs = READY_CHECK_TIMEOUT_MS): Promise<ReadinessResult> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await within(timeoutMs, Promise.resolve().then(check));
        return [name, { ok: true }] as const;
      } catch (error) {
        // The reason says what failed without the error's details (a connection string, a key).
        const code = (error as { code?: unknown }).code;
        const reason =
          error instanceof TimedOut || (error instanceof Error && error.message.endsWith("pending"))
            ? error.message
            : `unavailable${typeof code === "string" && /^[\w-]{1,32}$/.test(code) ? ` (${code})` : ""}`;
        healthLog.warn({ check: name, err: error }, "Readiness check failed");
        return [name, { ok: false, reason }] as const;
      }
    }),
  );
  const result = Object.fromEntries(entries) as ReadinessResult["checks"];
  return { ready: Object.values(result).every((check) => check.ok), checks: result };
}

export const healthz: RequestHandler = (_req, res) => {
  res.set("Cache-Control", "no-store").json({ ok: true });
};

export function readyz(checks: Record<string, ReadinessCheck>): RequestHandler {
  return (_req, res, next) => {
    checkReadiness(checks).then(({ ready, checks: result }) => {
      res
        .status(ready ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json({ ok: ready, checks: result });
    }, next);
  };
}
