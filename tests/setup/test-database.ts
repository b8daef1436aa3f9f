import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { resetEnvCache } from "../../app/utils/env.server";
import { closeOrm, initOrm, getOrm, withRequestContext, db } from "../../db/orm";
import { seedDemoData } from "../../db/seeders/demo-seed";
import { adminQuery, withDatabase } from "./pg-admin";

/**
 * Sessions need a secret and a data folder: a temporary DATA_DIR and a fixed SESSION_SECRET for this
 * file, with the previous environment restored by the returned function.
 */
function useSessionEnvironment() {
  const saved = { DATA_DIR: process.env.DATA_DIR, SESSION_SECRET: process.env.SESSION_SECRET };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-test-data-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "integration-test-session-secret-0123456789";
  resetEnvCache();
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Gives the calling test file a database of its own, copied from the migrated template, with the
 * app's ORM pointed at it (and, with `sessions`, a session environment). Call in beforeAll; the
 * returned `drop` removes it all (afterAll).
 */
export async function useTestDatabase({ seed = false, sessions = false } = {}) {
  const restoreEnvironment = sessions ? useSessionEnvironment() : () => {};
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplateDatabase");
  const name = `lr_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  const url = withDatabase(adminUrl, name);
  await initOrm({ clientUrl: url, poolMax: 4 });
  if (seed) await withRequestContext(() => seedDemoData(db()));
  return {
    url,
    orm: getOrm(),
    async drop() {
      await closeOrm();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
      restoreEnvironment();
    },
  };
}
