import fs from "node:fs/promises";
import path from "node:path";

/**
 * A document's Markdown as written: `<docType>.md` (front matter and the opening sections), then, when
 * the document is long, its chapters in `<docType>/` in file-name order (`01-records.md`, …), so no
 * content file grows past a few hundred lines. `mtimeMs` is the newest of the files, for the cache.
 */
export async function readDocumentSource(dir: string, docType: string): Promise<{ text: string; mtimeMs: number }> {
  const chapterDir = path.join(dir, docType);
  let chapters: string[] = [];
  try {
    chapters = (await fs.readdir(chapterDir)).filter((name) => name.endsWith(".md")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const files = [path.join(dir, `${docType}.md`), ...chapters.map((name) => path.join(chapterDir, name))];
  const parts = await Promise.all(files.map(async (file) => ({ text: await fs.readFile(file, "utf8"), mtimeMs: (await fs.stat(file)).mtimeMs })));
  return { text: parts.map((part) => part.text.replace(/\n+$/, "")).join("\n\n") + "\n", mtimeMs: Math.max(...parts.map((part) => part.mtimeMs)) };
}
