/**
 * The spec's HTML fallback (`LSC_TYPE.html`): one self-contained file that opens and prints offline,
 * with the document stylesheet inlined, every image embedded as a data: URI and site links made
 * absolute.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { contentDir, readDocImage, type LoadedDocument } from "./load.server";
import { formatDocDate } from "./dates";
import { absoluteUrl } from "./inline";
import { escapeHtml } from "./markdown";

let stylesheet: string | null = null;
async function documentCss(): Promise<string> {
  stylesheet ??= await fs.readFile(path.join(contentDir(), "document.css"), "utf8");
  return stylesheet;
}

async function embedImages(html: string): Promise<string> {
  const sources = [...new Set([...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!))];
  const embedded = new Map<string, string>();
  for (const src of sources) {
    const image = await readDocImage(src);
    if (image) embedded.set(src, `data:${image.mimeType};base64,${image.bytes.toString("base64")}`);
  }
  // Embedded pictures are already in the file: loading them lazily would only leave blanks when it is printed.
  return html.replace(/<img src="([^"]+)"/g, (whole, src: string) => (embedded.has(src) ? `<img src="${embedded.get(src)}"` : whole)).replace(/ loading="lazy"/g, "");
}

export async function documentHtmlFile(document: LoadedDocument, origin: string): Promise<string> {
  const body = (await embedImages(document.html)).replace(/ href="(\/[^"/][^"]*)"/g, (_, href: string) => ` href="${absoluteUrl(href, origin)}"`); // already escaped by the renderer
  const title = escapeHtml(document.title);
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - Land Liaison Records</title>
<style>
body { margin: 0; padding: 2rem 1.5rem; background: #fff; }
${await documentCss()}
</style>
</head>
<body>
<main>
<article class="doc-content">
<h1>${title}</h1>
<p class="doc-meta">Last updated <time datetime="${document.lastUpdated}">${formatDocDate(document.lastUpdated)}</time> · Land Liaison Records</p>
${body}
</article>
</main>
</body>
</html>
`;
}
