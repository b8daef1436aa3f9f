import { MikroORM, RequestContext, type EntityManager } from "@mikro-orm/postgresql";
import { createOrmConfig, type OrmConfigOptions } from "./mikro-orm.config";

let orm: MikroORM | undefined;
let ormOptions: OrmConfigOptions | undefined;
/** Run by closeOrm: what else holds connections to the same database (the download pool, db/sql.server.ts). */
const closeHooks = new Set<() => Promise<void>>();

export async function initOrm(options: OrmConfigOptions): Promise<MikroORM> {
  if (orm) return orm;
  orm = await MikroORM.init(createOrmConfig(options));
  ormOptions = options;
  return orm;
}

/** What initOrm was given (the download pool reads its size and timeouts from it). */
export function getOrmOptions(): OrmConfigOptions {
  if (!ormOptions) throw new Error("The ORM is not initialised: call initOrm() first");
  return ormOptions;
}

export function onCloseOrm(hook: () => Promise<void>) {
  closeHooks.add(hook);
}

export function getOrm(): MikroORM {
  if (!orm) throw new Error("The ORM is not initialised: call initOrm() first");
  return orm;
}

export async function closeOrm() {
  const hooks = [...closeHooks];
  closeHooks.clear();
  await Promise.all(hooks.map((hook) => hook().catch(() => {})));
  await orm?.close(true);
  orm = undefined;
  ormOptions = undefined;
}

/** Runs pending migrations; returns the names applied. */
export async function migrateToLatest(): Promise<string[]> {
  const applied = await getOrm().getMigrator().up();
  return applied.map((m) => m.name);
}

/**
 * The entity manager for the current unit of work: inside `db().transactional(...)` the
 * transaction's fork, otherwise the request's (server.ts opens a RequestContext per request; tests
 * and scripts use `withRequestContext`). Module code calls this rather than holding an em, so
 * nested helpers join the caller's transaction. Throws outside any context.
 */
export function db(): EntityManager {
  return getOrm().em.getContext() as EntityManager;
}

export function withRequestContext<T>(fn: () => Promise<T>): Promise<T> {
  return RequestContext.create(getOrm().em, fn);
}
