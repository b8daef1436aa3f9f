import { inject } from "vitest";
import { closeOrm, initOrm } from "../../db/orm";
import { openPgSnapshot, sqlOne, withPgClient } from "../../db/sql.server";
import { AppError } from "../../app/utils/app-error";
import { withDatabaseOutage } from "../../app/utils/http.server";
import { adminQuery, withDatabase } from "../setup/pg-admin";

/**
 * The server's pool settings on a real PostgreSQL (docs/operations.md#pools-and-timeouts): every
 * pooled connection carries the statement, lock and idle-in-transaction timeouts; a request that
 * cannot get a connection fails after the acquire timeout instead of waiting; downloads take their
 * connections from a pool of their own. Each failure is the 503 the app answers with.
 */
const adminUrl = inject("pgAdminUrl");
const name = `lr_pool_${Date.now()}_${process.pid}`;
const TIMEOUTS = { statementMs: 1_500, lockMs: 700, idleInTransactionMs: 4_000, acquireMs: 800 };

beforeAll(async () => {
  await adminQuery(adminUrl, `create database "${name}" template "${inject("pgTemplateDatabase")}"`);
  await initOrm({ clientUrl: withDatabase(adminUrl, name), poolMax: 1, timeouts: TIMEOUTS, downloadPool: { max: 2, idleInTransactionMs: 2_000 } });
});

afterAll(async () => {
  await closeOrm();
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
});

const settings = () =>
  sqlOne<{ statement: string; lock: string; idle: string; app: string; jit: string }>(
    `select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
            current_setting('idle_in_transaction_session_timeout') as idle, current_setting('application_name') as app,
            current_setting('jit') as jit`,
  );

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("the requests' pool", () => {
  it("gives every connection the statement, lock and idle-in-transaction timeouts, and no JIT compilation", async () => {
    expect(await settings()).toEqual({ statement: "1500ms", lock: "700ms", idle: "4s", app: "land-records", jit: "off" });
  });

  it("ends a statement past statement_timeout, answered as 503 'busy'", async () => {
    const error = await failure(sqlOne("select pg_sleep(5)"));
    expect(error).toBeTruthy();
    const answer = withDatabaseOutage(error);
    expect(answer).toBeInstanceOf(AppError);
    expect(answer).toMatchObject({ status: 503, code: "DATABASE_BUSY", headers: { "Retry-After": "5" } });
  });

  it("fails a request that cannot get a connection after the acquire timeout, answered as 503 'unreachable'", async () => {
    let release!: () => void;
    const held = withPgClient(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const error = await failure(sqlOne("select 1"));
    const waited = performance.now() - started;
    release();
    await held;
    expect(waited).toBeGreaterThanOrEqual(TIMEOUTS.acquireMs - 50);
    expect(waited).toBeLessThan(TIMEOUTS.acquireMs + 1_500);
    expect(withDatabaseOutage(error)).toMatchObject({ status: 503, code: "DATABASE_UNAVAILABLE" });
    // And the pool serves again at once.
    expect(await sqlOne("select 1 as one")).toEqual({ one: 1 });
  });
});

describe("a connection of its own (a job's)", () => {
  it("starts without JIT compilation too", async () => {
    const settings = await withPgClient(
      async (client) => (await client.query<{ jit: string; app: string }>("select current_setting('jit') as jit, current_setting('application_name') as app")).rows[0],
      {
        applicationName: "pool-settings-job",
      },
    );
    expect(settings).toEqual({ jit: "off", app: "pool-settings-job" });
  });
});

describe("the download pool", () => {
  it("holds a download's snapshot on a connection of its own, not the requests' one", async () => {
    const snapshot = await openPgSnapshot({ forDownload: true });
    try {
      const { rows } = await snapshot.client.query<{ app: string; idle: string; statement: string; jit: string }>(
        `select current_setting('application_name') as app, current_setting('idle_in_transaction_session_timeout') as idle, current_setting('statement_timeout') as statement,
                current_setting('jit') as jit`,
      );
      expect(rows[0]).toEqual({ app: "land-records-downloads", idle: "2s", statement: "1500ms", jit: "off" });
      // The requests' single connection is free meanwhile.
      expect(await sqlOne("select 1 as one")).toEqual({ one: 1 });
    } finally {
      await snapshot.end();
    }
  });

  it("loses a snapshot left idle past its idle-in-transaction timeout (PostgreSQL's backstop), and connects afresh next time", async () => {
    const snapshot = await openPgSnapshot({ forDownload: true });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const error = await failure(snapshot.client.query("select 1"));
    expect(error).toBeTruthy();
    await snapshot.end();
    const next = await openPgSnapshot({ forDownload: true });
    try {
      expect((await next.client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await next.end();
    }
  });
});
