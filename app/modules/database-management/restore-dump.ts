/**
 * Reading a restore point's SQL dump back (docs/operations.md#nothing-lost): the file the app wrote
 * (app/modules/database-export) split into statements, and each statement checked against what such a
 * file may hold. Pure: the restore (restore.server.ts) feeds it the verified bytes a chunk at a time.
 */

type State = "normal" | "dash" | "comment" | "string" | "stringQuote" | "eString" | "eStringEscape" | "eStringQuote" | "ident" | "identQuote";

const IDENT_CHAR = /[A-Za-z0-9_]/;

/**
 * Splits SQL text into statements at semicolons outside literals ('…' with '' doubled, E'…' with
 * backslash escapes), quoted identifiers and `--` comments; comments are dropped. Chunks may end
 * anywhere, inside a literal included.
 */
export class StatementSplitter {
  private state: State = "normal";
  private current = "";
  private prev = "";
  private prev2 = "";

  push(text: string): string[] {
    const done: string[] = [];
    for (const ch of text) this.step(ch, done);
    return done;
  }

  /** What is left after the last semicolon (a complete file leaves only white space). */
  rest(): string {
    return this.current.trim();
  }

  private step(ch: string, done: string[]): void {
    switch (this.state) {
      case "dash":
        if (ch === "-") {
          this.state = "comment";
          return;
        }
        this.state = "normal";
        this.append("-");
        return this.step(ch, done);
      case "comment":
        if (ch === "\n") {
          this.state = "normal";
          this.append("\n");
        }
        return;
      case "string":
        this.current += ch;
        if (ch === "'") this.state = "stringQuote";
        return;
      case "stringQuote":
        if (ch === "'") {
          this.current += ch;
          this.state = "string";
          return;
        }
        this.state = "normal";
        return this.step(ch, done);
      case "eString":
        this.current += ch;
        if (ch === "\\") this.state = "eStringEscape";
        else if (ch === "'") this.state = "eStringQuote";
        return;
      case "eStringEscape":
        this.current += ch;
        this.state = "eString";
        return;
      case "eStringQuote":
        if (ch === "'") {
          this.current += ch;
          this.state = "eString";
          return;
        }
        this.state = "normal";
        return this.step(ch, done);
      case "ident":
        this.current += ch;
        if (ch === '"') this.state = "identQuote";
        return;
      case "identQuote":
        if (ch === '"') {
          this.current += ch;
          this.state = "ident";
          return;
        }
        this.state = "normal";
        return this.step(ch, done);
      case "normal":
        if (ch === "-") {
          this.state = "dash";
          return;
        }
        if (ch === ";") {
          const statement = this.current.trim();
          if (statement) done.push(statement);
          this.current = "";
          this.prev = this.prev2 = "";
          return;
        }
        if (ch === "'") {
          const escaped = (this.prev === "E" || this.prev === "e") && !IDENT_CHAR.test(this.prev2);
          this.state = escaped ? "eString" : "string";
        } else if (ch === '"') this.state = "ident";
        this.append(ch);
    }
  }

  private append(ch: string): void {
    this.current += ch;
    this.prev2 = this.prev;
    this.prev = ch;
  }
}

export type DumpStatement =
  { kind: "begin" } | { kind: "commit" } | { kind: "skip" } | { kind: "setting"; sql: string } | { kind: "insert"; table: string; sql: string } | { kind: "sequence"; sql: string };

/** The file's statements, as the dump writes them (sql-dump.ts): anything else means it is not one. */
export function classifyStatement(statement: string): DumpStatement | null {
  if (statement === "BEGIN") return { kind: "begin" };
  if (statement === "COMMIT") return { kind: "commit" };
  // The connection already speaks UTF-8; the session setting must not outlive the transaction.
  if (statement === "SET client_encoding = 'UTF8'") return { kind: "skip" };
  if (statement === "SET standard_conforming_strings = on") return { kind: "setting", sql: "SET LOCAL standard_conforming_strings = on" };
  if (/^SET LOCAL (datestyle|timezone|intervalstyle) = '[A-Za-z, ]+'$/.test(statement)) return { kind: "setting", sql: statement };
  const insert = /^INSERT INTO "([a-z_]+)" \(/.exec(statement);
  if (insert) return { kind: "insert", table: insert[1]!, sql: statement };
  if (/^SELECT setval\(pg_get_serial_sequence\('"[a-z_]+"', '[a-z_]+'\), coalesce\(max\("[a-z_]+"\), 0\) \+ 1, false\) FROM "[a-z_]+"$/.test(statement)) return { kind: "sequence", sql: statement };
  return null;
}

/** The project id the dump's header names (`-- Project: 12 Name`), or null. */
export function dumpProjectId(head: string): number | null {
  const match = /^-- Project: (\d+) /m.exec(head);
  return match ? Number(match[1]) : null;
}
