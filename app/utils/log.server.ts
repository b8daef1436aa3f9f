import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { currentRequest } from "./request-store.server";
import { serializeError } from "./safe-error";

/**
 * The one logger: JSON lines on stdout (docs/operations.md#logs). Every module logs through `log` or a
 * child of it (`log.child({ component: "jobs" })`), never through console.* (ESLint's no-console).
 * A line written while a request is served carries its `requestId` (and `userId` once known), wherever
 * it is written from. Personal data never goes into a line: log ids, counts and codes, not names,
 * e-mail addresses or SQL values. Errors are logged through `serializeError` (safe-error.ts), which
 * keeps their type, code and stack and drops the values a database error carries; the redaction
 * paths are a safety net for the fields where such values would turn up by accident.
 */
const REDACTED_PATHS = ["params", "parameters", "values", "bindings", "detail", "email", "name", "req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'];

function level(): string {
  // A wrong LOG_LEVEL is reported by the configuration check (env.server.ts), not by a crash here.
  if (process.env.LOG_LEVEL && (process.env.LOG_LEVEL === "silent" || process.env.LOG_LEVEL in pino.levels.values)) return process.env.LOG_LEVEL;
  // Test runs log warnings only; their output is read when something fails. A built app a test
  // starts runs as in production (NODE_ENV=production, though it inherits VITEST) and logs at info.
  return process.env.NODE_ENV === "test" ? "warn" : "info";
}

export const loggerOptions: LoggerOptions = {
  level: level(),
  base: { service: "land-records" },
  redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  serializers: { err: serializeError, error: serializeError },
  mixin() {
    const request = currentRequest();
    if (!request) return {};
    return request.userId ? { requestId: request.requestId, userId: request.userId } : { requestId: request.requestId };
  },
};

/** A logger with the app's options on another destination (tests read what it writes). */
export function createLogger(destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions, destination) : pino(loggerOptions);
}

export const log: Logger = createLogger();

export type { Logger };
