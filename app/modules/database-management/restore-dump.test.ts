import { dumpHeader, insertStatement, sequenceReset } from "~/modules/database-export/sql-dump";
import { classifyStatement, dumpProjectId, StatementSplitter } from "./restore-dump";

function split(text: string, chunk = text.length) {
  const splitter = new StatementSplitter();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += chunk) out.push(...splitter.push(text.slice(i, i + chunk)));
  return { statements: out, rest: splitter.rest() };
}

describe("StatementSplitter", () => {
  const tricky = [
    "INSERT INTO \"note\" (\"a\", \"b\") VALUES\n('semi;colon', 'it''s -- not a comment'),\n(E'back\\\\slash\\'; still', NULL);",
    '-- a comment; with a semicolon\nINSERT INTO "we""ird" ("x") VALUES\n(\'x\');',
    "SELECT 1;",
  ].join("\n");

  it("splits at semicolons outside literals, identifiers and comments, and drops comments", () => {
    expect(split(tricky)).toEqual({
      statements: [
        "INSERT INTO \"note\" (\"a\", \"b\") VALUES\n('semi;colon', 'it''s -- not a comment'),\n(E'back\\\\slash\\'; still', NULL)",
        'INSERT INTO "we""ird" ("x") VALUES\n(\'x\')',
        "SELECT 1",
      ],
      rest: "",
    });
  });

  it("gives the same statements whatever the chunk size", () => {
    const whole = split(tricky).statements;
    for (const size of [1, 2, 3, 7, 13]) expect(split(tricky, size).statements, `chunks of ${size}`).toEqual(whole);
  });

  it("leaves a statement cut short in the rest", () => {
    expect(split('SELECT 1; INSERT INTO "a" VALUES (\'x;')).toEqual({ statements: ["SELECT 1"], rest: 'INSERT INTO "a" VALUES (\'x;' });
  });
});

describe("classifyStatement", () => {
  it("knows every statement the dump writes", () => {
    const header = dumpHeader({ migration: "M1", projectId: 7, projectName: "Line; -- 'x'", exportedAt: new Date(0), tables: ["project"] });
    const file = `${header}${insertStatement("project", ["id", "name"], ["('7', 'A;B')"])}${insertStatement("user", ["id"], ["('u')"], { onConflictDoNothing: true })}${sequenceReset("project", "id")}\nCOMMIT;\n`;
    const { statements, rest } = split(file);
    expect(rest).toBe("");
    const kinds = statements.map((s) => classifyStatement(s));
    expect(kinds.every((k) => k !== null)).toBe(true);
    expect(kinds.map((k) => k!.kind)).toEqual(["skip", "setting", "begin", "setting", "setting", "setting", "insert", "insert", "sequence", "commit"]);
    expect(kinds[1]).toEqual({ kind: "setting", sql: "SET LOCAL standard_conforming_strings = on" });
    expect(kinds[6]).toMatchObject({ kind: "insert", table: "project" });
    expect(dumpProjectId(header)).toBe(7);
  });

  it("refuses anything else", () => {
    for (const statement of ["DROP TABLE project", "SET search_path = evil", "SET LOCAL role = 'postgres'", "select 1", 'DELETE FROM "project"', "COMMIT AND CHAIN", "SELECT setval('x', 1)"]) {
      expect(classifyStatement(statement), statement).toBeNull();
    }
  });
});
