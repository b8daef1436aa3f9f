import { AppError } from "./app-error";
import { withDatabaseOutage } from "./http.server";
import { log } from "./log.server";

/**
 * What an operation throws when it fails: its own "Failed to …" text (500, `code`) for an unexpected
 * error (a bug, a failed statement), logged here with its cause, since the cause is not shown. A
 * refusal (an AppError), a thrown Response (a redirect) and the database being away (503, which says
 * when to come back) keep their own, more specific answer (docs/errors.md#failures).
 */
export function asFailure(error: unknown, message: string, context: { component: string; code?: string; [key: string]: unknown }): unknown {
  if (error instanceof Response) return error;
  const known = withDatabaseOutage(error);
  if (known instanceof AppError) return known;
  const { code, ...fields } = context;
  log.error({ ...fields, err: error }, message);
  return new AppError(500, message, code);
}
