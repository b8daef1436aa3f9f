import pino, { type Logger } from "pino";

/**
 * The one logger: JSON lines on stdout (docs/operations.md#logs). Every module logs through `log` or a
 * child of it (`log.child({ component: "jobs" })`), never through console.*. Personal data never goes
 * into a line: log ids, counts and codes, not names, e-mail addresses or SQL values. The redaction
 * paths are a safety net for the fields where such values would turn up by accident.
 */
const REDACTED_PATHS = [
  "params",
  "parameters",
  "values",
  "bindings",
  "err.params",
  "err.parameters",
  "err.values",
  "err.detail",
  "err.where",
  "err.sql",
  "err.query",
  "email",
  "name",
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

function level(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  // Test runs start many servers; their output is only read when something fails.
  return process.env.NODE_ENV === "test" || process.env.VITEST ? "warn" : "info";
}

export const log: Logger = pino({
  level: level(),
  base: { service: "land-records" },
  redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export type { Logger };
