import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import type { LoadedDocument } from "./content.server";
import { documentHtmlFile } from "./html-download.server";
import { lexMarkdown, renderMarkdown } from "./markdown";
import { documentPdf } from "./pdf.server";
import { documentWord } from "./word.server";

const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const MARKDOWN = `Intro with **bold**, *italic*, \`code\`, a [web link](https://example.com/help) and a [site link](/documentation/view/user-guide).

## Roles and access

1. First step
   - nested point
2. Second step

| Role | May do |
| --- | --- |
| Viewer | Export only |
| Officer | Edit and import |

![The sample screen](/docs-images/sample.png)

![A missing picture](/docs-images/missing.png)

### Notes

> A quoted remark.

\`\`\`
npm start
\`\`\`
`;

const doc = (): LoadedDocument => ({ docType: "user-guide", title: "Sample Guide", lastUpdated: "2026-11-23", markdown: MARKDOWN, tokens: lexMarkdown(MARKDOWN), html: renderMarkdown(MARKDOWN) });
const ORIGIN = "http://localhost:3000";

let imagesDir: string;
beforeAll(() => {
  imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-doc-images-"));
  fs.writeFileSync(path.join(imagesDir, "sample.png"), Buffer.from(ONE_PIXEL_PNG, "base64"));
  process.env.DOCS_IMAGES_DIR = imagesDir;
});
afterAll(() => {
  delete process.env.DOCS_IMAGES_DIR;
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe("the PDF writer", () => {
  it("writes the title, headings, lists, tables, links, images and page numbers", async () => {
    const bytes = await documentPdf(doc(), ORIGIN);
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const { text, total } = await parser.getText();
    await parser.destroy();
    expect(total).toBe(1);
    for (const expected of [
      "Sample Guide",
      "Last updated 23 November 2026",
      "Roles and access",
      "First step",
      "nested point",
      "Viewer",
      "Export only",
      "The sample screen",
      "[Image: A missing picture]",
      "A quoted remark.",
      "npm start",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    const raw = bytes.toString("latin1");
    expect(raw).toContain("/Subtype /Image");
    expect(raw).toContain("(https://example.com/help)");
    expect(raw).toContain("(http://localhost:3000/documentation/view/user-guide)");
    expect(raw).toContain("/Outlines");
  });
});

describe("the Word writer", () => {
  it("writes headings, nested lists, a table, links and images with their alt text", async () => {
    const { value: html } = await mammoth.convertToHtml({ buffer: await documentWord(doc(), ORIGIN) });
    expect(html).toContain("<h1>Roles and access</h1>");
    expect(html).toContain("<h2>Notes</h2>");
    expect(html).toMatch(/<ol><li>First step<ul><li>nested point<\/li><\/ul><\/li><li>Second step<\/li><\/ol>/);
    expect(html).toMatch(/<table><thead><tr><th><p><strong>Role<\/strong><\/p><\/th>/);
    expect(html).toContain("<td><p>Export only</p></td>");
    expect(html).toContain('<a href="https://example.com/help">web link</a>');
    expect(html).toContain('<a href="http://localhost:3000/documentation/view/user-guide">site link</a>');
    expect(html).toMatch(/<img alt="The sample screen" src="data:image\/png;base64,/);
    expect(html).toContain("[Image: A missing picture]");
    expect(html).toContain("<strong>bold</strong>");
  });
});

describe("the HTML download", () => {
  it("embeds the images it has and makes site links absolute", async () => {
    const html = await documentHtmlFile(doc(), ORIGIN);
    expect(html).toContain(`<img src="data:image/png;base64,${ONE_PIXEL_PNG}" alt="The sample screen"`);
    expect(html).toContain('href="http://localhost:3000/documentation/view/user-guide"');
    expect(html).toContain('<a href="https://example.com/help" rel="noopener noreferrer">');
    expect(html).toContain("<title>Sample Guide - Land Liaison Records</title>");
  });
});
