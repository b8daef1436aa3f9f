import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/**
 * Comments cite files under docs/, never documents a clone does not have (the product description's
 * numbered sections, the design page) nor ticket numbers, and every docs/ file and heading they cite
 * exists. Code files are checked in their comments only (user-visible strings keep their words);
 * Markdown files are checked whole.
 */
const ROOT = join(__dirname, "..", "..");
const CODE_ROOTS = ["app", "db", "tests", "bench", "server.ts"];
const MARKDOWN = ["README.md", "CONTRIBUTING.md", "SECURITY.md", "bench/README.md", "patches/README.md"];
const SKIP_DIRS = new Set(["node_modules", "build", "data", ".cache"]);
const CODE_FILE = /\.(ts|tsx|mjs|js)$/;

const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: "a section of the product description", pattern: /\bspec\s+00\d|§/i },
  { name: "the design page", pattern: /\bDESIGN\b|\bdesign (doc|document)\b|shared\/(spec|DESIGN)/ },
  { name: "an issue number", pattern: /\bissues?\s+#?\d+/i },
];
const DOCS_LINK = /\bdocs\/([A-Za-z0-9_-]+\.md)(?:#([A-Za-z0-9_-]+))?/g;
const RELATIVE_LINK = /\]\((?!https?:|\/)([A-Za-z0-9_-]+\.md)?(?:#([A-Za-z0-9_-]+))?\)/g;

interface Passage {
  file: string;
  line: number;
  text: string;
}

function walk(path: string, out: string[]) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(full)) {
    if (SKIP_DIRS.has(entry)) continue;
    walk(join(path, entry), out);
  }
}

const lineOf = (text: string, pos: number) => text.slice(0, pos).split("\n").length;

/** Every comment of a code file, found through the TypeScript parser so strings and JSX text are left out. */
function comments(file: string, text: string): Passage[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, Passage>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (!found.has(range.pos)) found.set(range.pos, { file, line: lineOf(text, range.pos), text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    const children = node.getChildren(source);
    if (children.length === 0) {
      if (node.kind !== ts.SyntaxKind.JsxText) collect(ts.getLeadingCommentRanges(text, node.pos));
      collect(ts.getTrailingCommentRanges(text, node.end));
      return;
    }
    children.forEach(visit);
  };
  visit(source);
  return [...found.values()];
}

function passages(): Passage[] {
  const code: string[] = [];
  CODE_ROOTS.forEach((root) => walk(root, code));
  const markdown = [...MARKDOWN];
  walk("docs", markdown);
  code.filter((file) => file.endsWith(".md")).forEach((file) => markdown.push(file));
  const out: Passage[] = [];
  for (const file of code.filter((f) => CODE_FILE.test(f))) out.push(...comments(file, readFileSync(join(ROOT, file), "utf8")));
  for (const file of new Set(markdown.filter((f) => f.endsWith(".md") && existsSync(join(ROOT, f))))) {
    readFileSync(join(ROOT, file), "utf8")
      .split("\n")
      .forEach((text, i) => out.push({ file, line: i + 1, text }));
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const anchorsOf = new Map<string, Set<string> | null>();
function docAnchors(doc: string): Set<string> | null {
  if (!anchorsOf.has(doc)) {
    const path = join(ROOT, "docs", doc);
    anchorsOf.set(doc, existsSync(path) ? headingAnchors(readFileSync(path, "utf8")) : null);
  }
  return anchorsOf.get(doc)!;
}

const where = (p: Passage) => `${p.file}:${p.line}: ${p.text.trim().slice(0, 160)}`;

describe("citations", () => {
  const all = passages();

  it("finds the comments it checks", () => {
    expect(all.filter((p) => p.file === relative(ROOT, __filename)).length).toBeGreaterThan(0);
    expect(all.some((p) => p.file.startsWith("docs/"))).toBe(true);
  });

  it("cite docs/, not the product description's sections, the design page or issue numbers", () => {
    const offending = all.flatMap((p) =>
      p.text.split("\n").flatMap((text, i) => FORBIDDEN.filter(({ pattern }) => pattern.test(text)).map(({ name }) => `${where({ ...p, line: p.line + i, text })} (${name})`)),
    );
    expect(offending).toEqual([]);
  });

  it("cite docs/ files and headings that exist", () => {
    const broken: string[] = [];
    for (const p of all) {
      p.text.split("\n").forEach((text, i) => {
        const at = { ...p, line: p.line + i, text };
        const links = [...text.matchAll(DOCS_LINK)].map((m) => [m[1], m[2]] as const);
        if (p.file.startsWith("docs/")) {
          const self = p.file.slice("docs/".length);
          links.push(...[...text.matchAll(RELATIVE_LINK)].map((m) => [m[1] ?? self, m[2]] as const));
        }
        for (const [doc, anchor] of links) {
          const anchors = docAnchors(doc);
          if (!anchors) broken.push(`${where(at)} (no docs/${doc})`);
          else if (anchor && !anchors.has(anchor)) broken.push(`${where(at)} (no heading #${anchor} in docs/${doc})`);
        }
      });
    }
    expect(broken).toEqual([]);
  });
});

describe("headingAnchors", () => {
  it("slugs headings as GitHub does", () => {
    const anchors = headingAnchors("# Next action\n## LAA status\n```\n# not a heading\n```\n### Stack versions and traps\n## Next action\n## `AppError`, again!");
    expect([...anchors]).toEqual(["next-action", "laa-status", "stack-versions-and-traps", "next-action-1", "apperror-again"]);
  });
});
