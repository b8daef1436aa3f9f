/**
 * The front matter of a documentation file: `---`, `title: …` and `lastUpdated: YYYY-MM-DD` lines,
 * `---`, then the Markdown body. Only these plain `key: value` lines are read (no YAML library: the
 * files are ours and need nothing more); anything malformed is an error naming the file, caught by
 * the content tests rather than shown to a user as a half-rendered page.
 */
export interface FrontMatter {
  title: string;
  lastUpdated: string;
}

export interface ParsedDocument extends FrontMatter {
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  return quoted ? quoted[2]! : trimmed;
}

export function parseFrontMatter(text: string, name = "document"): ParsedDocument {
  const source = text.replace(/^\uFEFF/, "");
  const match = FENCE.exec(source);
  if (!match) throw new Error(`${name}: missing front matter (--- title / lastUpdated ---)`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`${name}: front matter line "${line}" is not "key: value"`);
    fields[line.slice(0, colon).trim()] = unquote(line.slice(colon + 1));
  }
  const title = fields.title ?? "";
  const lastUpdated = fields.lastUpdated ?? "";
  if (!title) throw new Error(`${name}: front matter has no title`);
  if (!DATE.test(lastUpdated) || Number.isNaN(Date.parse(`${lastUpdated}T00:00:00Z`))) throw new Error(`${name}: lastUpdated must be a date YYYY-MM-DD`);
  return { title, lastUpdated, body: source.slice(match[0].length) };
}
