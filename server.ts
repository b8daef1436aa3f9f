/**
 * The Express server: one process serves the Remix app, its /api resource routes and, when no
 * corporate identity provider is configured, the bundled OpenID Connect provider under /oidc.
 * remix.config.js bundles this file with the app, so everything shares one module graph.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import crypto from "node:crypto";
import express from "express";
import compression from "compression";
import helmet from "helmet";
import { createRequestHandler } from "~/utils/remix-express.server";
import { isApiPath, splitBuildByApi } from "~/utils/split-build.server";
import { RequestContext } from "@mikro-orm/core";
import * as build from "@remix-run/dev/server-build";
import { getEnv } from "~/utils/env.server";
import { pageImageSources } from "~/utils/content-security";
import { crossOriginProtection } from "~/utils/cross-origin.server";
import { limitRequestBodies } from "~/utils/body-limit.server";
import { precompressedAssets } from "~/utils/precompressed-assets.server";
import { PAGE_BROTLI_QUALITY } from "~/utils/whole-body-compression.server";
import { isFilePreviewPath } from "~/modules/document/file-response.server";
import { startDatabase } from "~/utils/database.server";
import { mountLocalOidc } from "~/modules/auth/local-oidc-setup.server";
import { deleteExpiredSessions } from "~/modules/auth/session.server";
import { openRequestScope } from "~/modules/auth/request-scope.server";
import { sweepOrphanObjects } from "~/modules/storage/orphans.server";
import { removeExpiredRestorePoints } from "~/modules/database-management/restore-points.server";
import { sweepExpiredStaging } from "~/modules/import/staging.server";
import { createShutdown, repeatInBackground, stopOnSignals } from "~/utils/graceful-shutdown.server";
import { withRequestContext } from "~db/orm";
import { startJobs } from "~/modules/jobs/boss.server";
import { runWorkerProcess } from "~/modules/jobs/worker-process.server";
import { runMigrateCommand } from "~/utils/migrate-command.server";
import { JOB_QUEUES } from "~/queues.server";
import { log } from "~/utils/log.server";
import { logUnhandledErrors, requestLog } from "~/utils/request-log.server";
import { routePatternMatcher } from "~/utils/route-pattern.server";
import { databaseAnswers, healthz, noPendingMigrations, readyz } from "~/utils/health.server";
import { publicFilesOnly } from "~/utils/public-files.server";
import { metricsRoute, reportJobQueues, serveMetrics } from "~/utils/metrics.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { startInboundSmtp } from "~/modules/inbound-mail/smtp-listener.server";

const SESSION_SWEEP_MS = 60 * 60 * 1000;
const OBJECT_SWEEP_DELAY_MS = 5 * 60 * 1000;
const OBJECT_SWEEP_MS = 6 * 60 * 60 * 1000;

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// A crash is reported as a log line too (docs/operations.md#logs); Node still exits as it would.
process.on("uncaughtExceptionMonitor", (error, origin) => log.fatal({ err: error, origin }, "The process is stopping on an uncaught error"));

async function main() {
  // `npm run migrate`: pending migrations under the schema lock, then exit (docs/operations.md#several-instances).
  if (process.argv.includes("--migrate")) return runMigrateCommand();
  const env = getEnv();
  // `npm run worker`: background jobs only, no HTTP (app/modules/jobs/).
  if (process.argv.includes("--worker")) return runWorkerProcess(env, JOB_QUEUES);
  const database = await startDatabase(env);
  const jobs = await startJobs(database.orm, { queues: JOB_QUEUES, workers: env.JOB_WORKERS === "true", stopTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000 });
  // Mail for the project addresses (docs/inbound-mail.md#the-embedded-listener): app servers only, not
  // `npm run worker`. A port another process holds is logged and the app runs on without it.
  const inboundSmtp = env.INBOUND_SMTP_PORT
    ? await startInboundSmtp({ port: env.INBOUND_SMTP_PORT, host: env.HOST, sizeLimit: env.INBOUND_MAX_MESSAGE_BYTES }).catch((error: unknown) => {
        log.error({ err: error, port: env.INBOUND_SMTP_PORT }, "The inbound SMTP listener could not start");
        return null;
      })
    : null;
  const app = express();
  app.disable("x-powered-by");
  // Behind a TLS-terminating load balancer, trust its X-Forwarded-* so cookies get Secure: only
  // from the peers TRUST_PROXY names (default loopback; docs/operations.md#behind-a-proxy).
  app.set("trust proxy", env.trustProxy);

  // Request id, access line and request metrics; then the probes, before any session or Remix work
  // (docs/operations.md#health-and-metrics).
  app.use(
    requestLog({
      routePattern: routePatternMatcher(build.routes),
      prefixes: ["/build", ...(env.useLocalOidc ? ["/oidc"] : [])],
      staticNames: fs.readdirSync(path.join(rootDir, "public")),
      noIdHeaderUnder: ["/build"],
    }),
  );
  app.get("/healthz", healthz);
  app.get("/readyz", readyz({ database: databaseAnswers, objectStore: () => getObjectStore().exists("health/readyz"), migrations: noPendingMigrations }));
  if (env.METRICS_TOKEN) app.get("/metrics", metricsRoute(env.METRICS_TOKEN));
  if (env.METRICS_PORT) await serveMetrics(env.METRICS_PORT, env.HOST);
  reportJobQueues(
    JOB_QUEUES.map((queue) => queue.name),
    (name) => jobs.boss.getQueueSize(name),
  );

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  const helmetOptions = {
    // In production browsers must come back over https only (one year, subdomains too). Browsers
    // ignore the header on plain http, so an evaluation on http://localhost is unaffected.
    strictTransportSecurity: env.NODE_ENV === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Keeps full URLs (which may carry ids) from other sites, while same-origin form posts still
    // carry a real Origin header (with "no-referrer", browsers send "Origin: null").
    referrerPolicy: { policy: "same-origin" as const },
  };
  const pageHeaders = helmet({
    ...helmetOptions,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        // Radix Themes sets a few style attributes; no inline <style> with user data is rendered.
        "style-src": ["'self'", "'unsafe-inline'"],
        // No third-party images: an identity provider's avatar URL would tell it who opens which page;
        // profile pictures are kept at sign-in and served from this site (docs/access.md#profile-pictures).
        // A configured tile server's origin is the one exception (docs/records.md#background-tiles).
        "img-src": pageImageSources(env.MAP_TILE_URL),
        "form-action": ["'self'", ...(env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [])],
        "upgrade-insecure-requests": null,
      },
    },
  });
  // Uploaded files shown inline set their own policy (see document/file-response.server.ts). Only
  // the real preview routes (numeric ids) qualify: any other path gets the page policy, so a 404 page
  // under a look-alike URL is never rendered without one.
  const filePreviewHeaders = helmet({ ...helmetOptions, contentSecurityPolicy: false });
  // Built scripts and styles are never documents, so the document policies (CSP, framing, referrer,
  // COOP…) do nothing on them; they would add ~0.6 KB to each of a page's ~20 asset responses
  // (tests/e2e/page-weight.spec.ts). nosniff still applies.
  const builtAssetHeaders = helmet({
    contentSecurityPolicy: false,
    // The built scripts and styles are public, identical for every user and hold no data, so
    // another site loading them reveals nothing; nosniff still keeps them from being read as another type.
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Remix's route manifest patches (`/__manifest`, fetched once a page has hydrated, for the links it
  // shows) are the same public, immutable JSON for every user: an asset, not a document.
  const isAssetPath = (path: string) => path.startsWith("/build/") || path === "/__manifest";
  const headersFor = (path: string) => (isAssetPath(path) ? builtAssetHeaders : isFilePreviewPath(path) ? filePreviewHeaders : pageHeaders);
  app.use((req, res, next) => headersFor(req.path)(req, res, next));
  // Pages and JSON answers are compressed in one call where Remix's answer is written (whole-body-compression.server.ts);
  // this covers every other response, at the same brotli quality (docs/architecture.md#response-compression).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } } }));
  // Built files have content hashes in their names and never change: no validators (ETag,
  // Last-Modified) or ranges to advertise, which saves ~100 header bytes on each of a page's ~30 assets.
  // Their brotli copies (written at build time) go to browsers that take brotli: smaller than gzip, and no work per request.
  app.use("/build", precompressedAssets(path.join(rootDir, "public/build")));
  app.use("/build", express.static(path.join(rootDir, "public/build"), { immutable: true, maxAge: "1y", etag: false, lastModified: false, acceptRanges: false }));
  const publicDir = path.join(rootDir, "public");
  app.use(publicFilesOnly(fs.readdirSync(publicDir), express.static(publicDir, { maxAge: "1h" })));
  if (env.useLocalOidc) await mountLocalOidc(app, env);

  app.use(limitRequestBodies);
  app.use(crossOriginProtection);
  // Each request gets its own identity map; module code reaches it through db().
  app.use((_req, _res, next) => RequestContext.create(database.orm.em, next));
  const getLoadContext = (req: express.Request, res: express.Response) => {
    openRequestScope(req.method);
    // The client's address as "trust proxy" (TRUST_PROXY) reads it, for per-address limits (docs/records.md#public-grievance-form).
    return { cspNonce: res.locals.cspNonce as string, clientAddress: req.ip };
  };
  // Two handlers over one build: Remix's per-request routing work grows with the number of routes it knows.
  const split = splitBuildByApi(build);
  const apiHandler = createRequestHandler({ build: split.api, mode: build.mode, getLoadContext });
  const pageHandler = createRequestHandler({ build: split.pages, mode: build.mode, getLoadContext });
  app.all("*", (req, res, next) => (isApiPath(req.path) ? apiHandler : pageHandler)(req, res, next));
  app.use(logUnhandledErrors);

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log.info({ port }, "Land records app listening");
  });
  // HTTP timeouts (docs/operations.md#pools-and-timeouts): a whole request, body included, within
  // HTTP_REQUEST_TIMEOUT_SECONDS (a 50 MB upload on a slow link fits in the default 15 minutes);
  // headers within 66 s; an idle keep-alive connection kept 65 s, longer than a load balancer's
  // usual 60 s, so the balancer closes first and never sends a request into a closing socket.
  server.requestTimeout = env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = server.requestTimeout ? Math.min(66_000, server.requestTimeout) : 66_000;

  // Expired sessions are refused on read anyway; the sweep only keeps the table small. Idempotent,
  // so every app server may run it.
  // Import uploads staged more than 24 hours ago go with them (docs/import.md#files-and-limits).
  const sessionSweep = repeatInBackground("Session sweep", () => withRequestContext(async () => void (await Promise.all([deleteExpiredSessions(), sweepExpiredStaging()]))), {
    everyMs: SESSION_SWEEP_MS,
  });
  // Objects no row, restore point or recent release needs (docs/operations.md#nothing-lost): a few
  // minutes after start, then every six hours; one instance at a time, and it logs what it did itself.
  const objectSweep = repeatInBackground(
    "Object sweep",
    async () => {
      // Restore points past their 30 days first (docs/administration.md#restore-points).
      await withRequestContext(() => removeExpiredRestorePoints());
      await withRequestContext(() => sweepOrphanObjects());
    },
    { firstAfterMs: OBJECT_SWEEP_DELAY_MS, everyMs: OBJECT_SWEEP_MS },
  );

  const shutdown = createShutdown({
    server,
    background: [sessionSweep, objectSweep, ...(inboundSmtp ? [inboundSmtp] : []), jobs],
    timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    close: database.close,
  });
  stopOnSignals(shutdown, { stopNow: database.stopNow });
}

main().catch((error) => {
  // A configuration problem is the operator's to fix: say what to set, without a stack trace.
  const isConfiguration = error instanceof Error && error.message.startsWith("Invalid configuration");
  if (isConfiguration) log.fatal(error.message);
  else log.fatal({ err: error }, "The server could not start");
  process.exit(1);
});
