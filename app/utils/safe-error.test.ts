import { databaseMessage, isDatabaseError, serializeError } from "./safe-error";

/** A node-postgres error as the driver raises it, with the values PostgreSQL adds. */
function pgError(message: string, fields: Record<string, unknown>) {
  return Object.assign(new Error(message), { severity: "ERROR", routine: "_bt_check_unique", ...fields });
}

describe("serializeError", () => {
  it("keeps a database error's code, constraint and table, and drops its values", () => {
    const error = pgError(`insert into "user" ("email", "first_name") values ('jane.citizen@example.com', 'Jane') - duplicate key value violates unique constraint "user_email_unique"`, {
      code: "23505",
      detail: "Key (email)=(jane.citizen@example.com) already exists.",
      where: "SQL statement near 'Jane'",
      constraint: "user_email_unique",
      table: "user",
      parameters: ["jane.citizen@example.com", "Jane"],
    });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: "Error", code: "23505", constraint: "user_email_unique", table: "user", message: 'duplicate key value violates unique constraint "user_email_unique"' });
    expect(JSON.stringify(logged)).not.toMatch(/jane|Jane/i);
    expect(logged.stack).toMatch(/^Error: duplicate key value[^\n]*\n\s+at /);
  });

  it("drops the detail and hint MikroORM appends to the message, and SQL that spans lines", () => {
    const message =
      'insert into "stakeholder" ("name", "email")\n  values ($1, $2) - new row for relation "stakeholder" violates check constraint "c"\n - detail: Failing row contains (13, Margaret Ellis, m@example.com).\n - hint: x';
    expect(databaseMessage(message)).toBe('new row for relation "stakeholder" violates check constraint "c"');
    expect(databaseMessage("detail: Failing row contains (13, Margaret Ellis)")).toBe("detail: [redacted]");
    expect(databaseMessage("Key (email)=(m@example.com) already exists.")).toBe("[redacted]");
  });

  it("drops a value PostgreSQL quotes after a colon, and a fragment it quotes after 'at or near'", () => {
    expect(databaseMessage('select … - invalid input syntax for type uuid: "Margaret Ellis"')).toBe("invalid input syntax for type uuid: [redacted]");
    expect(databaseMessage('syntax error at or near "Ellis"')).toBe("syntax error at or near [redacted]");
    expect(databaseMessage('null value in column "email" of relation "user" violates not-null constraint')).toBe('null value in column "email" of relation "user" violates not-null constraint');
  });

  it("follows causes, and leaves other errors' messages alone", () => {
    const cause = pgError('new row for relation "stakeholder" violates check constraint "x"', { code: "23514", detail: "Failing row contains (1, Margaret, Ellis)." });
    const logged = serializeError(new Error("Import 4 failed", { cause }));
    expect(logged.message).toBe("Import 4 failed");
    expect(logged.cause).toMatchObject({ code: "23514", message: 'new row for relation "stakeholder" violates check constraint "x"' });
    expect(JSON.stringify(logged)).not.toMatch(/Margaret/);
  });

  it("tells database errors from others by their SQLSTATE", () => {
    expect(isDatabaseError(pgError("x", { code: "57P01" }))).toBe(true);
    expect(isDatabaseError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(serializeError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toMatchObject({
      code: "ECONNREFUSED",
      message: "connect ECONNREFUSED 127.0.0.1:5432",
    });
  });
});
