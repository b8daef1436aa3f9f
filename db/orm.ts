import { MikroORM, RequestContext, type EntityManager } from "@mikro-orm/postgresql";
import { createOrmConfig, type OrmConfigOptions } from "./mikro-orm.config";

let orm: MikroORM | undefined;

export async function initOrm(options: OrmConfigOptions): Promise<MikroORM> {
  if (orm) return orm;
  orm = await MikroORM.init(createOrmConfig(options));
  return orm;
}

export function getOrm(): MikroORM {
  if (!orm) throw new Error("The ORM is not initialised: call initOrm() first");
  return orm;
}

export async function closeOrm() {
  await orm?.close(true);
  orm = undefined;
}

/** Runs pending migrations; returns the names applied. */
export async function migrateToLatest(): Promise<string[]> {
  const applied = await getOrm().getMigrator().up();
  return applied.map((m) => m.name);
}

/**
 * The entity manager of the current request (server.ts opens a RequestContext per request;
 * tests and scripts use `withRequestContext`). Module code calls this rather than holding an em.
 */
export function db(): EntityManager {
  const em = RequestContext.getEntityManager();
  if (!em) throw new Error("No request context: wrap the call in withRequestContext()");
  return em as EntityManager;
}

export function withRequestContext<T>(fn: () => Promise<T>): Promise<T> {
  return RequestContext.create(getOrm().em, fn);
}
