/**
 * Markdown → HTML for the documentation viewer and the HTML download, with marked (GitHub-flavoured).
 * The renderer is adjusted for accessibility (axe runs on every rendered page): the page's h1 is the
 * title, so no body heading is above h2; tables get `<th scope="col">` and sit in a labelled,
 * focusable region so a wide one scrolls by keyboard; images keep their alt text; raw HTML in the
 * source is shown as text, never passed through. The same tokens feed the PDF and Word writers.
 */
import { Marked, type Token, type Tokens } from "marked";

export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The page's own h1 is the document's title: body headings start at h2. */
export const headingLevel = (depth: number) => Math.min(6, Math.max(2, depth));

/** Markdown → tokens (GFM: tables, strikethrough, autolinks), shared by the HTML, PDF and Word output. */
export function lexMarkdown(body: string): Token[] {
  return new Marked({ gfm: true }).lexer(body);
}

/** The text of inline tokens without markup: heading ids, table labels, alt text in other formats. */
export function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  return tokens
    .map((token) => {
      if ("tokens" in token && token.tokens?.length) return plainText(token.tokens);
      if (token.type === "br") return " ";
      if (token.type === "image") return (token as Tokens.Image).text;
      return "text" in token ? String(token.text) : "";
    })
    .join("")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#|\.{0,2}\/)/i;
/** Links and images only to the web, mail, our own paths and anchors: never `javascript:` or `data:`. */
export const safeUrl = (href: string) => (SAFE_URL.test(href.trim()) ? href.trim() : "#");

/** The rendered document body (the part inside the viewer's article). */
export function renderMarkdown(body: string): string {
  const usedIds = new Map<string, number>();
  let lastHeading = "";
  let tableCount = 0;
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const text = plainText(tokens);
        lastHeading = text;
        const base = slugify(text);
        const seen = usedIds.get(base) ?? 0;
        usedIds.set(base, seen + 1);
        const id = seen ? `${base}-${seen + 1}` : base;
        const level = headingLevel(depth);
        return `<h${level} id="${id}">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      table(token: Tokens.Table) {
        tableCount += 1;
        const align = (value: string | null) => (value ? ` style="text-align:${value}"` : "");
        const head = token.header.map((cell) => `<th scope="col"${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</th>`).join("");
        const rows = token.rows.map((row) => `<tr>${row.map((cell) => `<td${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</td>`).join("")}</tr>`).join("\n");
        const label = lastHeading ? `Table: ${lastHeading}` : `Table ${tableCount}`;
        // A region with a name, focusable so a table wider than the screen scrolls by keyboard (WCAG 2.1.1).
        return `<div class="doc-table" role="region" aria-label="${escapeHtml(label)}" tabindex="0"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows}\n</tbody></table></div>\n`;
      },
      image({ href, title, text }: Tokens.Image) {
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        return `<img src="${escapeHtml(safeUrl(href))}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy">`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        const url = safeUrl(href);
        const external = /^https?:/i.test(url) ? ' rel="noopener noreferrer"' : "";
        return `<a href="${escapeHtml(url)}"${titleAttr}${external}>${this.parser.parseInline(tokens)}</a>`;
      },
      code({ text }: Tokens.Code) {
        return `<pre tabindex="0"><code>${escapeHtml(text)}</code></pre>\n`;
      },
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
    },
  });
  return marked.parse(body, { async: false });
}
