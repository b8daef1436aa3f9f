import { db, withRequestContext } from "../../db/orm";
import {
  openPgSnapshot,
  PREPARED_STATEMENTS_MAX,
  preparedStatementTexts,
  sqlExecute,
  sqlOne,
  sqlOutsideTransaction,
  sqlRows,
  sqlRowsPrepared,
  transactionPgClient,
  withPgClient,
  withPgTransaction,
} from "../../db/sql.server";
import { useTestDatabase } from "../setup/test-database";

/**
 * db/sql.server.ts against a real PostgreSQL: a read through the helpers inside db().transactional(...)
 * sees the transaction's own uncommitted rows (the stale read a connection taken by hand gave), the
 * outside-transaction helper does not (that is its point), and the raw-pg transaction commits, rolls
 * back on a throw and always gives its connection back.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;

beforeAll(async () => {
  database = await useTestDatabase();
  await sqlExecute("create table sql_probe (id serial primary key, label text not null)");
});

afterAll(async () => {
  await database?.drop();
});

const labelled = (label: string) => sqlRows<{ id: number; label: string }>("select id, label from sql_probe where label = ?", [label]);
const count = async (label: string) => (await labelled(label)).length;

class Rollback extends Error {}

describe("sqlRows, sqlOne and sqlExecute join the caller's transaction", () => {
  it("reads the transaction's uncommitted rows inside db().transactional, and nothing once it rolls back", async () => {
    const seen: { inside: number; one?: { label: string }; outside: number; affected: number } = { inside: 0, outside: -1, affected: 0 };
    await expect(
      withRequestContext(() =>
        db().transactional(async () => {
          seen.affected = await sqlExecute("insert into sql_probe (label) values (?), (?)", ["uncommitted", "uncommitted"]);
          seen.inside = await count("uncommitted");
          seen.one = await sqlOne<{ label: string }>("select label from sql_probe where label = ? order by id limit 1", ["uncommitted"]);
          // A separate connection does not see rows this transaction has not committed.
          seen.outside = (await sqlOutsideTransaction("select id from sql_probe where label = ?", ["uncommitted"])).length;
          throw new Rollback("roll back");
        }),
      ),
    ).rejects.toBeInstanceOf(Rollback);
    expect(seen).toEqual({ inside: 2, one: { label: "uncommitted" }, outside: 0, affected: 2 });
    expect(await count("uncommitted")).toBe(0);
  });

  it("writes with the transaction: committed rows are there afterwards, and sqlOne is undefined for no row", async () => {
    await withRequestContext(() => db().transactional(() => sqlExecute("insert into sql_probe (label) values (?)", ["committed"])));
    expect(await count("committed")).toBe(1);
    expect(await sqlOne("select id from sql_probe where label = ?", ["nothing"])).toBeUndefined();
  });

  it("runs outside any request context (a job, a script) on a pool connection", async () => {
    expect(await sqlExecute("insert into sql_probe (label) values (?)", ["no-context"])).toBe(1);
    expect(await count("no-context")).toBe(1);
  });

  it("sqlOutsideTransaction writes rows that survive the caller's rollback", async () => {
    await expect(
      withRequestContext(() =>
        db().transactional(async () => {
          await sqlExecute("insert into sql_probe (label) values (?)", ["rolled-back"]);
          await sqlOutsideTransaction("insert into sql_probe (label) values (?)", ["kept"]);
          throw new Rollback("roll back");
        }),
      ),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await count("rolled-back")).toBe(0);
    expect(await count("kept")).toBe(1);
  });
});

describe("withPgTransaction", () => {
  it("commits when the function returns", async () => {
    const id = await withPgTransaction(async (client) => {
      const { rows } = await client.query<{ id: number }>("insert into sql_probe (label) values ($1) returning id", ["pg-committed"]);
      return rows[0]!.id;
    });
    expect(await labelled("pg-committed")).toEqual([{ id, label: "pg-committed" }]);
  });

  it("rolls back and rethrows when the function throws, and gives the connection back every time", async () => {
    // More attempts than the test pool has connections (4): a connection kept would hang the loop.
    for (let attempt = 0; attempt < 6; attempt++) {
      await expect(
        withPgTransaction(async (client) => {
          await client.query("insert into sql_probe (label) values ($1)", ["pg-rolled-back"]);
          throw new Rollback(`attempt ${attempt}`);
        }),
      ).rejects.toThrow(`attempt ${attempt}`);
    }
    expect(await count("pg-rolled-back")).toBe(0);
  });

  it("rolls back a statement that fails inside it", async () => {
    await expect(
      withPgTransaction(async (client) => {
        await client.query("insert into sql_probe (label) values ($1)", ["pg-before-error"]);
        await client.query("insert into sql_probe (label) values (null)");
      }),
    ).rejects.toMatchObject({ code: "23502" });
    expect(await count("pg-before-error")).toBe(0);
  });

  it("runs on a dedicated, named connection with applicationName", async () => {
    const name = await withPgTransaction(async (client) => (await client.query<{ name: string }>("select current_setting('application_name') as name")).rows[0]!.name, {
      applicationName: "land-records-sql-test",
    });
    expect(name).toBe("land-records-sql-test");
  });

  it("runs on a client the caller holds, which stays usable afterwards", async () => {
    const after = await withPgClient(async (client) => {
      await expect(
        withPgTransaction(
          async () => {
            await client.query("insert into sql_probe (label) values ($1)", ["held-rolled-back"]);
            throw new Rollback("roll back");
          },
          { client },
        ),
      ).rejects.toBeInstanceOf(Rollback);
      await withPgTransaction(() => client.query("insert into sql_probe (label) values ($1)", ["held-committed"]), { client });
      return (await client.query<{ n: number }>("select count(*)::int as n from sql_probe where label like 'held-%'")).rows[0]!.n;
    });
    expect(after).toBe(1);
    expect(await count("held-committed")).toBe(1);
  });
});

describe("transactionPgClient and openPgSnapshot", () => {
  it("gives the pg connection of the current ORM transaction, so $n statements join it", async () => {
    expect(await transactionPgClient()).toBeNull();
    await expect(
      withRequestContext(() =>
        db().transactional(async () => {
          const client = await transactionPgClient();
          expect(client).not.toBeNull();
          await client!.query("insert into sql_probe (label) values ($1)", ["joined"]);
          expect(await count("joined")).toBe(1);
          throw new Rollback("roll back");
        }),
      ),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await count("joined")).toBe(0);
  });

  it("holds a read-only snapshot until end(): later commits are not in it, writes are refused", async () => {
    const snapshot = await openPgSnapshot();
    try {
      const before = (await snapshot.client.query<{ n: number }>("select count(*)::int as n from sql_probe")).rows[0]!.n;
      await sqlExecute("insert into sql_probe (label) values (?)", ["after-snapshot"]);
      expect((await snapshot.client.query<{ n: number }>("select count(*)::int as n from sql_probe")).rows[0]!.n).toBe(before);
      await expect(snapshot.client.query("insert into sql_probe (label) values ('no')")).rejects.toMatchObject({ code: "25006" });
    } finally {
      await snapshot.end();
      await snapshot.end();
    }
    expect(await count("after-snapshot")).toBe(1);
  });
});

describe("sqlRowsPrepared", () => {
  const probe = "select id, label from sql_probe where label = ? order by id";

  it("runs a named prepared statement that the connection keeps, with the values bound, not written in", async () => {
    await sqlExecute("insert into sql_probe (label) values (?), (?)", ["prepared", "o'neill"]);
    const seen: { labels: string[][]; kept: string[] } = { labels: [], kept: [] };
    // In a transaction, so every statement runs on one connection and its prepared statements can be listed.
    await withRequestContext(() =>
      db().transactional(async () => {
        for (const label of ["prepared", "o'neill"]) seen.labels.push((await sqlRowsPrepared<{ label: string }>(probe, [label])).map((r) => r.label));
        seen.kept = (await sqlRows<{ statement: string }>("select statement from pg_prepared_statements")).map((r) => r.statement);
      }),
    );
    expect(seen.labels).toEqual([["prepared"], ["o'neill"]]);
    // One statement for both values: the text has $1 where sqlRows would have written each value in.
    expect(seen.kept).toEqual([probe.replace("?", "$1")]);
  });

  it(`prepares at most ${PREPARED_STATEMENTS_MAX} texts; later ones run unprepared and still answer`, async () => {
    await sqlExecute("insert into sql_probe (label) values (?)", ["capped"]);
    const before = preparedStatementTexts();
    const texts = Array.from({ length: PREPARED_STATEMENTS_MAX + 3 }, (_, i) => `select label, ${i} as n from sql_probe where label = ?`);
    const seen: { answers: number[]; kept: number } = { answers: [], kept: 0 };
    await withRequestContext(() =>
      db().transactional(async () => {
        for (const text of texts) seen.answers.push(...(await sqlRowsPrepared<{ n: number }>(text, ["capped"])).map((r) => r.n));
        const [row] = await sqlRows<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement like ?", ["select label, % as n from sql_probe where label = $1"]);
        seen.kept = row!.n;
      }),
    );
    expect(seen.answers).toEqual(texts.map((_, i) => i));
    expect(seen.kept).toBe(PREPARED_STATEMENTS_MAX - before);
    expect(preparedStatementTexts()).toBe(PREPARED_STATEMENTS_MAX);
  });

  it("joins the caller's transaction: reads its uncommitted rows", async () => {
    let inside = -1;
    await expect(
      withRequestContext(() =>
        db().transactional(async () => {
          await sqlExecute("insert into sql_probe (label) values (?)", ["prepared-uncommitted"]);
          inside = (await sqlRowsPrepared(probe, ["prepared-uncommitted"])).length;
          throw new Rollback("roll back");
        }),
      ),
    ).rejects.toBeInstanceOf(Rollback);
    expect(inside).toBe(1);
    expect(await sqlRowsPrepared(probe, ["prepared-uncommitted"])).toEqual([]);
  });
});
