import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/**
 * Every environment variable the server reads is in README.md's configuration table, and every row of
 * the table is a variable it reads (docs/operations.md#configuration-variables). The server is what runs in the
 * image: app/, db/ (not db/scripts/, developer tools run from a checkout), server.ts and
 * remix.config.js, test files left out. Variables read only by tests/, bench/, the Playwright configs
 * and .ci/ are tooling and stay out of the table; so do the few below that a tool sets itself.
 */
const ROOT = join(__dirname, "..", "..");
const SERVER_SOURCES = ["app", "db", "server.ts", "remix.config.js"];
const NOT_SERVER = [/\.test\.tsx?$/, /^db\/scripts\//];
const SKIP_DIRS = new Set(["node_modules", "build", "data", ".cache"]);
const CODE_FILE = /\.(ts|tsx|mjs|js|cjs)$/;
/** Set by a tool, never by an operator: vitest marks its workers with VITEST (the logger quietens tests). */
const SET_BY_TOOLS = new Set(["VITEST"]);

interface EnvReads {
  /** Variables named in the file: `process.env.X`, `process.env["X"]`, `const { X } = process.env`, or a key of a zod schema the file applies to the whole of `process.env`. */
  names: string[];
  /** Reads whose variable cannot be told from the source: a computed `process.env[key]`, or `process.env` handed on whole without a `z.object({...})` schema in the same file. */
  unknown: string[];
}

const isProcessEnv = (node: ts.Node): boolean => ts.isPropertyAccessExpression(node) && node.name.text === "env" && ts.isIdentifier(node.expression) && node.expression.text === "process";

const propertyName = (name: ts.PropertyName): string | undefined => (ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined);

/** The variables one source file reads, found through the TypeScript parser (comments and strings are not code). */
function envReads(file: string, text: string): EnvReads {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const names = new Set<string>();
  const unknown: string[] = [];
  const schemaKeys: string[] = [];
  let wholeEnv = false;
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

  const visit = (node: ts.Node) => {
    if (isProcessEnv(node)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.add(parent.name.text);
      else if (ts.isElementAccessExpression(parent) && parent.expression === node) {
        if (ts.isStringLiteralLike(parent.argumentExpression)) names.add(parent.argumentExpression.text);
        else unknown.push(`${where(node)}: process.env[${parent.argumentExpression.getText(source)}]`);
      } else if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isObjectBindingPattern(parent.name)) {
        for (const element of parent.name.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key) || ts.isStringLiteralLike(key)) names.add(key.text);
          else unknown.push(`${where(element)}: a computed key destructured from process.env`);
        }
      } else wholeEnv = true;
    }
    // z.object({ NAME: ..., ... }): a schema; its keys count when this file hands it process.env whole.
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "object" &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "z" &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const property of node.arguments[0].properties) {
        const name = property.name && propertyName(property.name);
        if (name) schemaKeys.push(name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  if (wholeEnv) {
    if (schemaKeys.length) schemaKeys.forEach((name) => names.add(name));
    else unknown.push(`${file}: process.env is handed on whole, but the file has no z.object({...}) schema naming the variables`);
  }
  return { names: [...names].sort(), unknown };
}

function walk(path: string, out: string[]) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(full)) if (!SKIP_DIRS.has(entry)) walk(join(path, entry), out);
}

/** Every variable the server reads, with the files that read it. */
function serverReads() {
  const files: string[] = [];
  SERVER_SOURCES.forEach((root) => walk(root, files));
  const readers = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const file of files.filter((f) => CODE_FILE.test(f) && !NOT_SERVER.some((rule) => rule.test(f)))) {
    const reads = envReads(file, readFileSync(join(ROOT, file), "utf8"));
    unknown.push(...reads.unknown);
    for (const name of reads.names.filter((n) => !SET_BY_TOOLS.has(n))) readers.set(name, [...(readers.get(name) ?? []), file]);
  }
  return { readers, unknown, files: files.length };
}

const TABLE_HEADER = /^\|\s*variable\s*\|\s*default\s*\|\s*meaning\s*\|\s*$/;

interface TableRow {
  line: number;
  name: string | undefined;
  cells: string[];
}

/** The rows of the one `| variable | default | meaning |` table in a Markdown text. */
function variableTable(markdown: string): { tables: number; rows: TableRow[] } {
  const lines = markdown.split("\n");
  const starts = lines.flatMap((line, i) => (TABLE_HEADER.test(line) ? [i] : []));
  const rows: TableRow[] = [];
  if (starts.length !== 1) return { tables: starts.length, rows };
  for (let i = starts[0]! + 2; i < lines.length && lines[i]!.startsWith("|"); i++) {
    const cells = lines[i]!.slice(1, lines[i]!.trimEnd().endsWith("|") ? lines[i]!.trimEnd().length - 1 : undefined)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    rows.push({ line: i + 1, name: /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[0] ?? "")?.[1], cells });
  }
  return { tables: 1, rows };
}

describe("the variables the server reads", () => {
  it("finds member reads, string keys, destructuring and schema keys, and not comments or strings", () => {
    const text = [
      "// process.env.IN_A_COMMENT",
      'const s = "process.env.IN_A_STRING";',
      'const port = process.env.NEW_PORT ?? process.env["NEW_HOST"];',
      "const { NEW_A, NEW_B: b } = process.env;",
    ].join("\n");
    expect(envReads("x.ts", text)).toEqual({ names: ["NEW_A", "NEW_B", "NEW_HOST", "NEW_PORT"], unknown: [] });

    const schema = 'const Schema = z.object({ NEW_TIMEOUT: z.coerce.number().default(5), "NEW_QUOTED": z.string() });\nexport const read = () => Schema.parse(process.env);';
    expect(envReads("y.ts", schema)).toEqual({ names: ["NEW_QUOTED", "NEW_TIMEOUT"], unknown: [] });
  });

  it("calls a read it cannot name unknown instead of passing it", () => {
    expect(envReads("x.ts", "const f = (key: string) => process.env[key];").unknown).toEqual(["x.ts:1: process.env[key]"]);
    expect(envReads("x.ts", "export const all = () => ({ ...process.env });").unknown).toHaveLength(1);
  });

  it("reads the README's table row by row", () => {
    const markdown = "text\n\n| variable | default | meaning |\n|---|---|---|\n| `PORT` | `3000` | HTTP port |\n| `A`, `B` | | two |\n\nafter";
    expect(variableTable(markdown).rows.map((r) => r.name)).toEqual(["PORT", undefined]);
    expect(variableTable("no table").tables).toBe(0);
  });

  const { readers, unknown, files } = serverReads();
  const readme = variableTable(readFileSync(join(ROOT, "README.md"), "utf8"));

  it("knows every read by its name", () => {
    expect(files).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
    // The two schemas and the direct reads are all seen.
    for (const name of ["NODE_ENV", "DATABASE_URL", "SMTP_URL", "LOG_LEVEL", "DOCS_CONTENT_DIR"]) expect(readers.has(name), name).toBe(true);
  });

  it("README.md has one variable table, one variable per row, each with a default and a meaning", () => {
    expect(readme.tables).toBe(1);
    const malformed = readme.rows.filter((row) => !row.name || row.cells.length !== 3 || !row.cells[1] || !row.cells[2]);
    expect(malformed.map((row) => `README.md:${row.line}: ${row.cells[0]}`)).toEqual([]);
    const names = readme.rows.map((row) => row.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("every variable the server reads is in the table, and every row of the table is read", () => {
    const documented = new Set(readme.rows.map((row) => row.name));
    const undocumented = [...readers].filter(([name]) => !documented.has(name)).map(([name, where]) => `${name} (read in ${where.join(", ")})`);
    expect(undocumented, "add a row to README.md's configuration table").toEqual([]);
    const unread = readme.rows.filter((row) => row.name && !readers.has(row.name)).map((row) => `${row.name} (README.md:${row.line})`);
    expect(unread, "nothing reads these: remove their rows, or fix the name").toEqual([]);
  });
});
