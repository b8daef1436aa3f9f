/**
 * The one error type of the app: a status, a message fit to show the user, and an optional code
 * (e.g. INVALID_PROJECT). Routes turn it into a response with `handleAppErrors` and a screen's
 * action with `errorResponse` (both in utils/http.server.ts); `errorPlacement` below is the one rule
 * for where a screen shows it (docs/errors.md).
 */
export class AppError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    public readonly code?: string,
    /** Extra response headers, e.g. `Allow` on a 405. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * An AppError about one field of the posted form (a typed confirmation that does not match, a
 * file the store refused, a linked record that is gone): a form shows it next to that field.
 */
export class FieldError extends AppError {
  constructor(
    status: AppError["status"],
    message: string,
    public readonly field: string,
    code?: string,
  ) {
    super(status, message, code);
  }
}

/**
 * A 403 by a rule the user can act on (a plan limit, "you cannot change your own role"), not a
 * missing permission: the screen shows it, where a plain 403 ends the request on the error page.
 */
export class RuleRefusal extends AppError {
  constructor(message: string, code?: string) {
    super(403, message, code);
  }
}

/** The code of every stale edit (/api callers read it). */
export const STALE_CODE = "STALE_VERSION";

/**
 * A save refused because the record changed after the form was rendered (409). `current` holds the
 * record's values as form strings (with its new version): the form shows them again, with the
 * message in its error summary, so the user re-applies their change to what is there now.
 */
export class StaleEditError extends AppError {
  constructor(
    message: string,
    public readonly current: Record<string, string>,
  ) {
    super(409, message, STALE_CODE);
  }
}

/** Where a screen shows an error its action caught. */
export type ErrorPlacement = "inline" | "flash" | "page";

/** What a screen can show an error on. */
export interface ErrorScreen {
  /**
   * "summary": the posted form is rendered again, its error summary (or the field) holding the
   * message; "fields": only an error that names a field (FieldError) re-renders the form, other
   * refusals are a flash; "none": the screen answers with a flash (buttons, link panels).
   */
  form: "summary" | "fields" | "none";
  /**
   * The screen has its own "Failed to … Please try again." text, so a failure (5xx, an unexpected
   * error) stays on it like a refusal; without one a failure goes to the error page.
   */
  failures?: boolean;
}

/**
 * The one rule for where an error goes (docs/errors.md):
 * - the error page (ErrorBoundary): 401, 405, a 403 (a missing permission) unless it is a
 *   RuleRefusal, and a 404 (the record the URL or form acts on is not there, or not this client's)
 *   unless it names a field (FieldError: e.g. the stakeholder a document was to be linked to);
 * - the screen: what the user can act on, i.e. 400, 409, 413, 415, 422, a RuleRefusal and those
 *   404s: inline on a "summary" form (and on a "fields" form when the error names a field),
 *   otherwise as a flash;
 * - a failure (5xx, not an AppError): the screen, as above, if it has a failure text; else the page.
 */
export function errorPlacement(error: unknown, screen: ErrorScreen): ErrorPlacement {
  // A thrown Response (a redirect, a sign-in's 401) is already an answer: it leaves unchanged.
  if (error instanceof Response) return "page";
  const named = error instanceof FieldError;
  const onScreen: ErrorPlacement = screen.form === "summary" || (screen.form === "fields" && named) ? "inline" : "flash";
  if (!(error instanceof AppError) || error.status >= 500) return screen.failures ? onScreen : "page";
  if (error.status === 401 || error.status === 405) return "page";
  if (error.status === 403 && !(error instanceof RuleRefusal)) return "page";
  if (error.status === 404 && !named) return "page";
  return onScreen;
}
