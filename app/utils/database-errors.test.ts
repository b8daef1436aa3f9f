import { databaseOutage } from "./database-errors";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("databaseOutage", () => {
  it("reads a refused or reset connection as unreachable", () => {
    expect(databaseOutage(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe("unreachable");
    expect(databaseOutage(withCode("read ECONNRESET", "ECONNRESET"))).toBe("unreachable");
  });

  it("reads PostgreSQL shutting down, starting up or full as unreachable", () => {
    expect(databaseOutage(withCode("terminating connection due to administrator command", "57P01"))).toBe("unreachable");
    expect(databaseOutage(withCode("the database system is starting up", "57P03"))).toBe("unreachable");
    expect(databaseOutage(withCode("sorry, too many clients already", "53300"))).toBe("unreachable");
    expect(databaseOutage(new Error("the database system is shutting down"))).toBe("unreachable");
  });

  it("reads the pool's acquire timeout and a dead driver connection as unreachable", () => {
    const knexTimeout = Object.assign(new Error("Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?"), { name: "KnexTimeoutError" });
    expect(databaseOutage(knexTimeout)).toBe("unreachable");
    expect(databaseOutage(new Error("Connection terminated unexpectedly"))).toBe("unreachable");
    expect(databaseOutage(new Error("Connection terminated due to connection timeout"))).toBe("unreachable");
    expect(databaseOutage(new Error("Client has encountered a connection error and is not queryable"))).toBe("unreachable");
  });

  it("looks through what an ORM exception or an AggregateError wraps", () => {
    const wrapped = Object.assign(new Error("select 1 - connect failed"), { previous: withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED") });
    expect(databaseOutage(wrapped)).toBe("unreachable");
    expect(databaseOutage(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "all failed"))).toBe("unreachable");
    expect(databaseOutage(new Error("outer", { cause: withCode("canceling statement due to statement timeout", "57014") }))).toBe("busy");
  });

  it("reads statement, lock and idle-transaction timeouts as busy", () => {
    expect(databaseOutage(withCode("canceling statement due to statement timeout", "57014"))).toBe("busy");
    expect(databaseOutage(withCode("canceling statement due to lock timeout", "55P03"))).toBe("busy");
    expect(databaseOutage(withCode("terminating connection due to idle-in-transaction timeout", "25P03"))).toBe("busy");
  });

  it("leaves a cancelled statement and a failed NOWAIT lock to the request's own failure", () => {
    expect(databaseOutage(withCode("canceling statement due to user request", "57014"))).toBeNull();
    expect(databaseOutage(withCode('could not obtain lock on row in relation "stakeholder"', "55P03"))).toBeNull();
  });

  it("leaves every other error alone (constraint violations, bugs, nothing at all)", () => {
    expect(databaseOutage(withCode('duplicate key value violates unique constraint "user_pkey"', "23505"))).toBeNull();
    expect(databaseOutage(new TypeError("Cannot read properties of undefined"))).toBeNull();
    expect(databaseOutage(null)).toBeNull();
    expect(databaseOutage("ECONNREFUSED")).toBeNull();
  });
});
