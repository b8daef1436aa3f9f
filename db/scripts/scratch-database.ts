import { randomBytes } from "node:crypto";
import { MikroORM } from "@mikro-orm/postgresql";

/** The local PostgreSQL service used for scratch databases (trust auth on CI machines). */
export const DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty, uniquely named database on the server of `adminUrl` and returns its URL and
 * a `drop()` that removes it again (forcibly, so a leaked connection cannot keep it alive).
 */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}_${randomBytes(3).toString("hex")}`;
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid scratch database name: ${name}`);
  await runAdminSql(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // WITH (FORCE) needs PostgreSQL 13 or later; we run 15 and 18.
    drop: () => runAdminSql(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Runs one statement on the maintenance database, with an ORM that knows no entities. */
async function runAdminSql(adminUrl: string, sql: string): Promise<void> {
  const orm = await MikroORM.init({
    clientUrl: adminUrl,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 1 },
  });
  try {
    await orm.em.execute(sql, [], "run");
  } finally {
    await orm.close(true);
  }
}
