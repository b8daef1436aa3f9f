import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type RunningPostgres } from "../../db/embedded-postgres";
import { MikroORM } from "@mikro-orm/postgresql";
import { createOrmConfig } from "../../db/mikro-orm.config";
import { adminQuery, withDatabase } from "./pg-admin";

/**
 * Once per integration run: find a PostgreSQL server (TEST_PG_ADMIN_URL, e.g. the machine's
 * service, or else an embedded PostgreSQL in a temporary folder), create a uniquely named
 * template database, migrate it, and hand its name to the test files. Everything is dropped after.
 */
let embedded: RunningPostgres | undefined;
let tempDir: string | undefined;

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-test-pg-"));
    const port = 55000 + (process.pid % 4000);
    embedded = await startEmbeddedPostgres(tempDir, port);
    adminUrl = withDatabase(embedded.url, "postgres");
  }
  const template = `lr_tpl_${Date.now()}_${process.pid}`;
  await adminQuery(adminUrl, `create database "${template}"`);
  const orm = await MikroORM.init(createOrmConfig({ clientUrl: withDatabase(adminUrl, template), poolMax: 2 }));
  await orm.getMigrator().up();
  await orm.close(true);
  const server = await adminQuery<{ server_version: string }>(adminUrl, "show server_version");
  console.log(`Integration tests on PostgreSQL ${server[0]?.server_version} (${embedded ? "embedded" : "TEST_PG_ADMIN_URL"})`);

  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplateDatabase", template);

  return async () => {
    await adminQuery(adminUrl!, `drop database if exists "${template}" with (force)`);
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateDatabase: string;
  }
}
