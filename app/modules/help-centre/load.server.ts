/**
 * Loading a document: its Markdown under `app/modules/help-centre/content/` (source.server.ts), front matter
 * parsed, body lexed and rendered once per process (kept while the file's modification time stays the
 * same, so an edit shows up in development without a restart). Images live in `public/docs-images/`.
 * Both folders are read relative to the working directory: the server, the tests and the Docker image
 * (WORKDIR /app, which copies the content folder beside `public/`) all start from the repository root.
 * Nothing here knows who asks (content.server.ts checks that), so the worker that writes the PDF and
 * Word files loads only this (docs/operations.md#off-the-request-path).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Token } from "marked";
import { AppError } from "~/utils/app-error";
import { log } from "~/utils/log.server";
import { DOC_MESSAGES, type DocType } from "./catalogue";
import { parseFrontMatter } from "./front-matter";
import { lexMarkdown, renderMarkdown } from "./markdown";
import { readDocumentSource } from "./source.server";

export interface LoadedDocument {
  docType: DocType;
  title: string;
  lastUpdated: string;
  markdown: string;
  tokens: Token[];
  html: string;
}

export const contentDir = () => path.resolve(process.env.DOCS_CONTENT_DIR ?? path.join(process.cwd(), "app/modules/help-centre/content"));
export const imagesDir = () => path.resolve(process.env.DOCS_IMAGES_DIR ?? path.join(process.cwd(), "public/docs-images"));
export const IMAGE_URL_PREFIX = "/docs-images/";

const cache = new Map<DocType, { mtimeMs: number; document: LoadedDocument }>();

/** The document, parsed and rendered; a missing or malformed file is a 500 with the spec's message. */
export async function loadDocument(docType: DocType): Promise<LoadedDocument> {
  let source;
  try {
    source = await readDocumentSource(contentDir(), docType);
  } catch {
    throw new AppError(500, DOC_MESSAGES.fetchFailed);
  }
  const cached = cache.get(docType);
  if (cached && cached.mtimeMs === source.mtimeMs) return cached.document;
  let document: LoadedDocument;
  try {
    const { title, lastUpdated, body } = parseFrontMatter(source.text, `${docType}.md`);
    document = { docType, title, lastUpdated, markdown: body, tokens: lexMarkdown(body), html: renderMarkdown(body) };
  } catch (error) {
    // A broken file is the maintainers' to fix (content.test.ts catches it first); the reader gets the spec's message.
    log.child({ component: "help-centre" }).error({ err: error, docType }, "Documentation source could not be read");
    throw new AppError(500, DOC_MESSAGES.fetchFailed);
  }
  cache.set(docType, { mtimeMs: source.mtimeMs, document });
  return document;
}

const IMAGE_TYPES: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".svg": "image/svg+xml", ".webp": "image/webp" };

export interface DocImage {
  bytes: Buffer;
  mimeType: string;
  extension: string;
}

/**
 * The bytes of an image the document refers to as `/docs-images/name.png`, for the downloads that
 * carry their images inside. Only files directly in that folder: anything else (another path, `..`,
 * a web address) is null and the image is left out of the file.
 */
export async function readDocImage(src: string): Promise<DocImage | null> {
  if (!src.startsWith(IMAGE_URL_PREFIX)) return null;
  const name = src.slice(IMAGE_URL_PREFIX.length).split(/[?#]/)[0]!;
  if (!/^[\w.-]+$/.test(name) || name.startsWith(".")) return null;
  const extension = path.extname(name).toLowerCase();
  const mimeType = IMAGE_TYPES[extension];
  if (!mimeType) return null;
  try {
    return { bytes: await fs.readFile(path.join(imagesDir(), name)), mimeType, extension };
  } catch {
    return null;
  }
}
