import { inject } from "vitest";
import { closeOrm, initOrm, getOrm, withRequestContext, db } from "../../db/orm";
import { seedDemoData } from "../../db/seeders/demo-seed";
import { adminQuery, withDatabase } from "./pg-admin";

/**
 * Gives the calling test file a database of its own, copied from the migrated template, with the
 * app's ORM pointed at it. Call in beforeAll; the returned function drops it (afterAll).
 */
export async function useTestDatabase({ seed = false } = {}) {
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
    },
  };
}
