/**
 * The second half of `npm run build` (after `remix build`): the files the server needs beside
 * build/index.js that the Remix compiler does not make (docs/operations.md#off-the-request-path).
 * - build/workers/*.mjs: the plain worker scripts (app/utils/workers/) and the documents worker,
 *   bundled from app/modules/help-centre/documents-worker.ts;
 * - build/help-centre/: every documentation PDF and Word file with its manifest, written by that
 *   worker for the site address APP_URL (default http://localhost:3000) and any in
 *   DOCS_PREBUILD_ORIGINS (comma-separated);
 * - public/build/…/name.js.br and name.css.br: a brotli copy of every built script and stylesheet, served by
 *   app/utils/precompressed-assets.server.ts (docs/architecture.md#performance).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "esbuild";

export const DOCUMENTS_WORKER = "build/workers/help-documents.mjs";

/** The worker scripts under build/workers/ (also run by the integration tests' global setup). */
export async function buildWorkers(outDir = "build/workers") {
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of fs.readdirSync("app/utils/workers")) if (name.endsWith(".mjs")) fs.copyFileSync(path.join("app/utils/workers", name), path.join(outDir, name));
  await build({
    entryPoints: ["app/modules/help-centre/documents-worker.ts"],
    outfile: path.join(outDir, "help-documents.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages stay in node_modules (the image ships it); the app's own `~/` and `~db/` paths are bundled.
    plugins: [{ name: "packages-external", setup: (b) => b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true })) }],
    logLevel: "warning",
  });
}

/**
 * Writes `name.br` beside every built script and stylesheet, at brotli's highest quality (too slow
 * per request, free once at build): the react-dom chunk is ~74 KB instead of ~85 KB gzipped.
 * Returns the number of files written.
 */
export function precompressAssets(dir = "public/build") {
  let written = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const source = fs.readFileSync(file);
    const compressed = zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    if (compressed.length >= source.length) continue;
    fs.writeFileSync(`${file}.br`, compressed);
    written += 1;
  }
  return written;
}

function origins() {
  const listed = [process.env.APP_URL || "http://localhost:3000", ...(process.env.DOCS_PREBUILD_ORIGINS ?? "").split(",")];
  return [
    ...new Set(
      listed
        .map((url) => url.trim())
        .filter(Boolean)
        .map((url) => new URL(url).origin),
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const startedAt = Date.now();
  await buildWorkers();
  precompressAssets();
  execFileSync(process.execPath, [DOCUMENTS_WORKER, "build/help-centre", ...origins()], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  process.stdout.write(`build extras in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
}
