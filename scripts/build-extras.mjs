/**
 * The second half of `npm run build` (after `remix build`): the files the server needs beside
 * build/index.js that the Remix compiler does not make (docs/operations.md#off-the-request-path).
 * - build/workers/*.mjs: the plain worker scripts (app/utils/workers/) and the documents worker,
 *   bundled from app/modules/help-centre/documents-worker.ts;
 * - build/help-centre/: every documentation PDF and Word file with its manifest, written by that
 *   worker for the site address APP_URL (default http://localhost:3000) and any in
 *   DOCS_PREBUILD_ORIGINS (comma-separated);
 * - public/build/_shared/shell-HASH.js: the shared chunks every page needs, merged into one file
 *   (see mergeSharedChunks);
 * - public/build/…/name.js.br and name.css.br: a brotli copy of every built script and stylesheet, served by
 *   app/utils/precompressed-assets.server.ts (docs/architecture.md#performance).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
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

const SHARED_CHUNK = /"\/build\/_shared\/(chunk-[A-Z0-9]+\.js)"/g;
/** Chunks larger than this that entry.client and root do not need (zod, the form library, a screen family's components) stay separate: only the screens that use them pay for them. */
const SEPARATE_ABOVE = 3_000;

/**
 * The Remix compiler (esbuild with code splitting) makes one shared chunk per distinct set of routes
 * using a module: 10–17 files for one page, each a request, and at 300 ms a round trip on a slow link
 * the number of requests costs as much as the bytes (docs/architecture.md#performance). This merges
 * the chunks that entry.client and root need and every small chunk into one module, `shell-HASH.js`,
 * which exports each chunk's exports under the chunk's name as prefix; every import of a merged chunk
 * (in routes, the remaining chunks and the client and server manifests) is rewritten to the shell.
 * Each module is still evaluated once (one shell), so React and the app's contexts stay single.
 */
export async function mergeSharedChunks(publicDir = "public/build", serverBuild = "build/index.js", metafilePath = "build/metafile.js.json") {
  const sharedDir = path.join(publicDir, "_shared");
  const read = (file) => fs.readFileSync(file, "utf8");
  const importsOf = (code) => [...new Set([...code.matchAll(SHARED_CHUNK)].map((m) => m[1]))];
  const chunks = new Map(
    fs
      .readdirSync(sharedDir)
      .filter((name) => /^chunk-[A-Z0-9]+\.js$/.test(name))
      .map((name) => [name, read(path.join(sharedDir, name))]),
  );
  const shellRoots = fs.readdirSync(publicDir).filter((name) => /^(entry\.client|root)-[A-Z0-9]+\.js$/.test(name));
  const needed = new Set();
  const visit = (name) => {
    if (needed.has(name)) return;
    needed.add(name);
    importsOf(chunks.get(name) ?? "").forEach(visit);
  };
  for (const name of shellRoots) importsOf(read(path.join(publicDir, name))).forEach(visit);
  // A small chunk merges only if some page imports it at load: one that only deferred panels use
  // (reached through `import()`, docs/architecture.md#deferred-panels) stays out of the first visit.
  const loadedByAPage = new Set();
  const visitFromRoute = (name) => {
    if (loadedByAPage.has(name)) return;
    loadedByAPage.add(name);
    importsOf(chunks.get(name) ?? "").forEach(visitFromRoute);
  };
  for (const name of fs.readdirSync(path.join(publicDir, "routes"))) if (name.endsWith(".js")) importsOf(read(path.join(publicDir, "routes", name))).forEach(visitFromRoute);
  const merged = new Set([...chunks.keys()].filter((name) => needed.has(name) || (loadedByAPage.has(name) && chunks.get(name).length <= SEPARATE_ABOVE)));
  // A merged chunk that imports a separate one would make every page load it: keep such chunks separate too.
  for (let changed = true; changed;) {
    changed = false;
    for (const name of merged) {
      if (!needed.has(name) && importsOf(chunks.get(name)).some((dep) => !merged.has(dep))) {
        merged.delete(name);
        changed = true;
      }
    }
  }
  if (merged.size < 2) return null;
  const prefix = (name) => `c${name.slice("chunk-".length, -".js".length)}`;
  // Each chunk's export names, from the compiler's own record of its output.
  const metafile = JSON.parse(read(metafilePath)).outputs;
  const exportsOf = (name) => {
    const output = metafile[path.join(sharedDir, name)];
    if (!output) throw new Error(`${name} is not in ${metafilePath}`);
    return output.exports;
  };
  const entry = [...merged].map((name) => {
    const names = exportsOf(name);
    return names.length ? `export { ${names.map((n) => `${n} as ${prefix(name)}_${n}`).join(", ")} } from "/build/_shared/${name}";` : `import "/build/_shared/${name}";`;
  });
  const result = await build({
    stdin: { contents: entry.join("\n"), resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    minify: true,
    logLevel: "warning",
    plugins: [
      {
        name: "built-chunks",
        setup: (b) =>
          b.onResolve({ filter: /^\/build\// }, (args) => {
            const name = path.basename(args.path);
            return merged.has(name) ? { path: path.resolve(sharedDir, name) } : { path: args.path, external: true };
          }),
      },
    ],
  });
  const code = result.outputFiles[0].text;
  const shell = `shell-${crypto.createHash("sha256").update(code).digest("hex").slice(0, 8).toUpperCase()}.js`;
  fs.writeFileSync(path.join(sharedDir, shell), code);
  const shellUrl = `/build/_shared/${shell}`;
  // `import{a as b,c}from"/build/_shared/chunk-X.js"` → `import{cX_a as b,cX_c as c}from"/build/_shared/shell-H.js"`.
  const rewriteImports = (source) =>
    source
      .replace(/import\s*\{([^}]*)\}\s*from\s*"\/build\/_shared\/(chunk-[A-Z0-9]+\.js)"/g, (whole, list, name) => {
        if (!merged.has(name)) return whole;
        const specifiers = list
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [imported, local = imported] = part.split(/\s+as\s+/);
            return `${prefix(name)}_${imported} as ${local}`;
          });
        return `import{${specifiers.join(",")}}from"${shellUrl}"`;
      })
      .replace(/import\s*"\/build\/_shared\/(chunk-[A-Z0-9]+\.js)"/g, (whole, name) => (merged.has(name) ? `import"${shellUrl}"` : whole));
  const modules = [
    ...fs.readdirSync(publicDir).filter((name) => name.endsWith(".js") && !name.startsWith("manifest-")),
    ...fs.readdirSync(path.join(publicDir, "routes")).map((name) => path.join("routes", name)),
    // The remaining chunks, and the deferred panels' own modules (`import()` targets, named after their file).
    ...fs
      .readdirSync(sharedDir)
      .filter((name) => name.endsWith(".js") && !merged.has(name) && name !== shell)
      .map((name) => path.join("_shared", name)),
  ].filter((name) => name.endsWith(".js"));
  for (const name of modules) {
    const file = path.join(publicDir, name);
    const before = read(file);
    const after = rewriteImports(before);
    if (after !== before) fs.writeFileSync(file, after);
    if (importsOf(after).some((dep) => merged.has(dep))) throw new Error(`${name} still refers to a merged chunk`);
  }
  // The manifests list each module's imports for modulepreload: merged chunks become the shell, once.
  const rewriteManifest = (source) =>
    source.replace(/(["']?imports["']?\s*:\s*)\[([^\]]*)\]/g, (_whole, key, list) => {
      const urls = [...list.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]).map((url) => (merged.has(path.basename(url)) && url.startsWith("/build/_shared/") ? shellUrl : url));
      return `${key}[${[...new Set(urls)].map((url) => JSON.stringify(url)).join(",")}]`;
    });
  const manifests = [
    ...fs
      .readdirSync(publicDir)
      .filter((name) => /^manifest-[A-Z0-9]+\.js$/.test(name))
      .map((name) => path.join(publicDir, name)),
    serverBuild,
  ];
  for (const file of manifests) fs.writeFileSync(file, rewriteManifest(read(file)));
  for (const name of merged) fs.rmSync(path.join(sharedDir, name));
  return { shell, merged: [...merged] };
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
  const shell = await mergeSharedChunks();
  if (shell) process.stdout.write(`${shell.merged.length} shared chunks merged into ${shell.shell}\n`);
  precompressAssets();
  execFileSync(process.execPath, [DOCUMENTS_WORKER, "build/help-centre", ...origins()], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  process.stdout.write(`build extras in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
}
