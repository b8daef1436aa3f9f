import { MikroORM } from "@mikro-orm/postgresql";
import { createOrmConfig } from "../../db/mikro-orm.config";
import { useTestDatabase } from "../setup/test-database";

/** LOG_SQL shows which statements run, never the values bound to them. */
let database: Awaited<ReturnType<typeof useTestDatabase>>;

beforeAll(async () => {
  database = await useTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

it("logs statements with placeholders and without their parameters", async () => {
  const lines: string[] = [];
  const orm = await MikroORM.init(createOrmConfig({ clientUrl: database.url, debug: true, poolMax: 1, logger: (message) => lines.push(message) }));
  try {
    const secret = "session-id-7f3a9c21e0";
    const rows = await orm.em.fork().getConnection().execute<{ sid: string }[]>("select sid from session where sid = ?", [secret]);
    expect(rows).toEqual([]);
    const logged = lines.join("\n");
    expect(logged).toContain("select sid from session where sid = $1");
    expect(logged).not.toContain(secret);
  } finally {
    await orm.close(true);
  }
});
