/**
 * How an error appears in a log line (docs/operations.md#logs): its type, message, code and stack,
 * and never the values a database error carries. PostgreSQL puts them in `detail` ("Key (email)=(…)
 * already exists", "Failing row contains (…)"), `where` and, for some messages, after a colon
 * (`invalid input syntax for type uuid: "…"`); the query builder prefixes the message with the SQL
 * and its bound values; the driver copies all of it onto the error it throws. Only the fields listed
 * here are kept, so a new field on some library's error cannot leak.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  status?: number;
  cause?: LoggedError;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 3;

/** A PostgreSQL error (node-postgres), or a driver error made from one (MikroORM's DriverException). */
export function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const fields = error as Error & { code?: unknown; severity?: unknown; routine?: unknown; sqlState?: unknown };
  return typeof fields.code === "string" && SQLSTATE.test(fields.code) && (fields.severity !== undefined || fields.routine !== undefined || fields.name.endsWith("Exception"));
}

/**
 * PostgreSQL's own message without the query in front of it and without a value quoted after it;
 * names of constraints, tables and columns stay (they say what went wrong and hold no data).
 */
export function databaseMessage(message: string): string {
  // MikroORM appends "\n - detail: …" and "\n - hint: …" (row values) to the message.
  const withoutAdded = message.replace(/\n - (detail|hint): [\s\S]*$/, "");
  // The query builder's "<sql> - <message>" (the SQL may span lines): PostgreSQL's message is the last part.
  const own = withoutAdded.includes(" - ") ? withoutAdded.slice(withoutAdded.lastIndexOf(" - ") + 3) : withoutAdded;
  return own
    .split("\n")[0]
    .replace(/(at or near )".*?"/g, "$1[redacted]")
    .replace(/(:\s*)(["'(]).*$/, "$1[redacted]")
    .replace(/\b(Failing row contains|Key \().*$/, "[redacted]");
}

const stackFrames = (stack: string | undefined) =>
  (stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === "string" ? error : (JSON.stringify(error) ?? String(error)) };
  const fields = error as Error & Record<string, unknown>;
  const database = isDatabaseError(error);
  const message = database ? databaseMessage(error.message) : error.message;
  const logged: LoggedError = {
    type: error.name,
    message,
    // A database error's stack begins with its unsafe message: rebuilt from the frames alone.
    stack: database ? `${error.name}: ${message}\n${stackFrames(error.stack)}` : error.stack,
  };
  if (typeof fields.code === "string" || typeof fields.code === "number") logged.code = String(fields.code);
  for (const key of ["constraint", "table", "column", "routine"] as const) {
    if (database && typeof fields[key] === "string") logged[key] = fields[key] as string;
  }
  if (typeof fields.status === "number") logged.status = fields.status;
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}
