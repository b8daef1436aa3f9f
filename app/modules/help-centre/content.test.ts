import fs from "node:fs";
import path from "node:path";
import type { Token, Tokens } from "marked";
import { DOC_TYPES, DOCUMENTS } from "./catalogue";
import { parseFrontMatter } from "./front-matter";
import { lexMarkdown, renderMarkdown } from "./markdown";
import { readDocumentSource } from "./source.server";

/**
 * The five documents as written (with their chapters): each parses, its headings start at ## and never skip a level (the
 * page's h1 is the title), every image has alt text and exists in public/docs-images, and no raw
 * HTML hides in the Markdown (it would be shown as text).
 */
const CONTENT = path.join(process.cwd(), "app/modules/help-centre/content");
const IMAGES = path.join(process.cwd(), "public/docs-images");

function walk(tokens: readonly Token[], visit: (token: Token) => void) {
  for (const token of tokens) {
    visit(token);
    if (token.type === "list") for (const item of (token as Tokens.List).items) walk(item.tokens, visit);
    if (token.type === "table") for (const cell of [...(token as Tokens.Table).header, ...(token as Tokens.Table).rows.flat()]) walk(cell.tokens, visit);
    if ("tokens" in token && token.tokens) walk(token.tokens, visit);
  }
}

const SOURCES = new Map(await Promise.all(DOC_TYPES.map(async (docType) => [docType, (await readDocumentSource(CONTENT, docType)).text] as const)));

describe.each(DOC_TYPES)("content/%s.md", (docType) => {
  const text = SOURCES.get(docType)!;
  const parsed = parseFrontMatter(text, `${docType}.md`);
  const tokens = lexMarkdown(parsed.body);

  it("has the catalogue's title and a date", () => {
    expect(parsed.title).toBe(DOCUMENTS.find((d) => d.docType === docType)!.title);
    expect(parsed.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("has headings from ## down without skipping a level", () => {
    const depths = tokens.filter((t): t is Tokens.Heading => t.type === "heading").map((t) => t.depth);
    expect(depths.length).toBeGreaterThan(0);
    expect(depths[0]).toBe(2);
    depths.forEach((depth, i) => {
      expect(depth).toBeGreaterThanOrEqual(2);
      if (i) expect(depth - depths[i - 1]!, `heading ${i + 1} jumps from h${depths[i - 1]} to h${depth}`).toBeLessThanOrEqual(1);
    });
  });

  it("gives every image alt text and a file in public/docs-images", () => {
    walk(tokens, (token) => {
      if (token.type !== "image") return;
      const image = token as Tokens.Image;
      expect(image.text.trim(), `alt text of ${image.href}`).not.toBe("");
      expect(image.href).toMatch(/^\/docs-images\/[\w.-]+\.(png|jpe?g)$/);
      expect(fs.existsSync(path.join(IMAGES, image.href.slice("/docs-images/".length))), image.href).toBe(true);
    });
  });

  it("has no raw HTML, and renders tables with column headers", () => {
    walk(tokens, (token) => expect(token.type, token.raw).not.toBe("html"));
    const html = renderMarkdown(parsed.body);
    expect(html).not.toMatch(/<h1[\s>]/);
    if (html.includes("<table>")) expect(html).toContain('<th scope="col"');
  });
});
