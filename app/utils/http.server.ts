import { json } from "@remix-run/node";
import { FORM_ERROR } from "./form-state";
import { AppError, errorPlacement, FieldError, StaleEditError, type ErrorScreen } from "./app-error";
import type { FlashMessage } from "./flash";
import { getEnv } from "./env.server";
import { DATABASE_OUTAGE_CODES, DATABASE_OUTAGE_MESSAGES, DATABASE_RETRY_AFTER_SECONDS, databaseOutage } from "./database-errors";
import { log } from "./log.server";

const outageLog = log.child({ component: "database" });

/** Whether cookies for this request are Secure: it reached us over https, or that is forced (FORCE_SECURE_COOKIES). */
export function usesSecureCookies(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || getEnv().FORCE_SECURE_COOKIES === "true";
}

/** The origin the browser used (Express already applied trusted X-Forwarded-* headers). */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}

/**
 * Whether the browser itself followed a link (JavaScript off), rather than a script fetching: a
 * download behind a plain link then answers a failure as a flash on the page instead of JSON.
 */
export function isBrowserNavigation(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === "navigate" || (!mode && (request.headers.get("accept") ?? "").includes("text/html"));
}

// Any URL resolved against this and still on it is a path of our own site.
const REDIRECT_BASE = "http://app.invalid";
// Control characters (browsers strip tabs and newlines from URLs) and backslashes (read as "/").
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_REDIRECT = /[\u0000-\u001f\u007f\\]/;

function decodedOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A redirect target that stays on this site: resolved against the app's origin, it must not leave
 * it. Control characters and backslashes are refused, raw or percent-encoded, as is anything that
 * decodes to a protocol-relative URL. Returns the normalised path, query and fragment.
 *
 * Idempotent: the normalised path must pass the same check unchanged, or the fallback is returned.
 * Normalising can itself make a protocol-relative URL (`/.//evil.com` resolves to `//evil.com`, and
 * `/./%2Fevil.com` to `/%2Fevil.com`, which decodes to one), so the result is checked again rather
 * than trusted (docs/access.md#redirects).
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  const once = sameSitePath(to);
  return once !== null && sameSitePath(once) === once ? once : fallback;
}

function sameSitePath(to: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof to !== "string" || !to.startsWith("/")) return null;
  const decoded = decodedOnce(to);
  if (decoded === null || UNSAFE_IN_REDIRECT.test(to) || UNSAFE_IN_REDIRECT.test(decoded) || decoded.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return null;
  }
  if (url.origin !== REDIRECT_BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** How a page or an /api route answers: "import" adds the spec's `error` field (and an import refusal's title). */
export interface ApiAnswer {
  body?: "import";
}

/** How a screen's action answers an error it caught; `errorPlacement` decides where it goes. */
export interface ScreenAnswer extends ErrorScreen {
  /** The form rendered again: its id, the values shown again (a stale edit shows the record's current ones), more keys of its data. */
  formId?: string;
  values?: Record<string, unknown>;
  data?: object;
  /** The form's errors when the error carries several (a mapping refused column by column). */
  fieldErrors?: (error: AppError) => Record<string, string> | null;
  /** Where a message goes when the error names no field (default: the form's error summary). */
  field?: string | ((error: AppError) => string);
  /** The text shown (default: the error's message, or `failure` for a failure). */
  message?: string | ((error: AppError | null, field: string) => string);
  /** The screen's "Failed to … Please try again." text, shown for an unexpected error (and a 5xx). */
  failure?: string;
  /** How the screen sends a flash (e.g. `(flash) => redirectWithFlash(request, back, flash)`), and its title. */
  redirect?: (flash: FlashMessage) => Promise<Response>;
  title?: string | ((error: AppError | null) => string);
}

const isScreen = (answer: ApiAnswer | ScreenAnswer): answer is ScreenAnswer => "form" in answer;

/** The JSON body of an AppError for a page's ErrorBoundary or an /api caller: `{ message, code?, errors? }`. */
function errorBody(error: AppError, shape: ApiAnswer["body"]) {
  const fieldErrors = (error as AppError & { fieldErrors?: Record<string, string> }).fieldErrors;
  const title = (error as AppError & { title?: unknown }).title;
  return {
    ...(shape === "import" ? { error: error.message } : {}),
    message: error.message,
    ...(shape === "import" && typeof title === "string" ? { title } : {}),
    ...(error.code ? { code: error.code } : {}),
    ...(fieldErrors ? { errors: fieldErrors } : {}),
  };
}

/** An AppError as the response a page's ErrorBoundary renders (production hides thrown Errors' text) and an /api caller reads. */
export function appErrorResponse(error: AppError, answer: ApiAnswer = {}): Response {
  return json(errorBody(error, answer.body), { status: error.status, headers: error.headers });
}

/**
 * The database being away (stopped, restarting, the pool's acquire timeout) or overloaded (a
 * statement or lock timeout) as a 503 with Retry-After and a plain message, so a page or an /api
 * caller is told to try again in a moment instead of getting a 500
 * (docs/operations.md#when-the-database-goes-away). Anything else is returned unchanged.
 */
export function withDatabaseOutage(error: unknown): unknown {
  if (error instanceof AppError || error instanceof Response) return error;
  const outage = databaseOutage(error);
  if (!outage) return error;
  // The code only: the message of a failed statement may quote its values.
  outageLog.warn({ outage, code: (error as { code?: unknown }).code }, "database unavailable: answered 503");
  return new AppError(503, DATABASE_OUTAGE_MESSAGES[outage], DATABASE_OUTAGE_CODES[outage], { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
}

/**
 * The one way from an error to a response (docs/errors.md). For a page or an /api route (no `form`
 * in the answer) it throws the AppError as `appErrorResponse`; for a screen's action it asks
 * `errorPlacement` and returns the form's data (status of the error) or the screen's flash, or
 * throws for the error page. Anything that is not an AppError is logged when the screen shows it,
 * and rethrown unchanged when it goes to the page (a redirect, a Response, a bug).
 */
export async function errorResponse(caught: unknown, answer: ApiAnswer | ScreenAnswer = {}): Promise<Response> {
  const error = withDatabaseOutage(caught);
  const appError = error instanceof AppError ? error : null;
  const placement = isScreen(answer) ? errorPlacement(error, answer) : "page";
  if (placement === "page" || !isScreen(answer)) {
    if (appError) throw appErrorResponse(appError, isScreen(answer) ? {} : answer);
    throw error;
  }
  if (!appError) log.error({ component: "http", err: error }, "Unexpected error shown on a form");
  const named = error instanceof FieldError ? error.field : undefined;
  const field = named ?? (typeof answer.field === "function" && appError ? answer.field(appError) : typeof answer.field === "string" ? answer.field : FORM_ERROR);
  // A 503 that says when to come back (the database away, the download budget used up) is written for the
  // user and says more than "Failed to …"; any other 5xx shows the screen's own failure message.
  const writtenForUser = appError && (appError.status < 500 || (appError.status === 503 && appError.headers?.["Retry-After"] !== undefined));
  const fallback = writtenForUser ? appError.message : (answer.failure ?? appError?.message ?? "Something went wrong. Please try again.");
  const message = typeof answer.message === "function" ? answer.message(appError, field) : (answer.message ?? fallback);
  const status = appError?.status ?? 500;
  if (placement === "flash" && answer.redirect) {
    const title = typeof answer.title === "function" ? answer.title(appError) : (answer.title ?? "Error");
    return answer.redirect({ kind: "error", title, description: message });
  }
  const values = error instanceof StaleEditError ? error.current : answer.values;
  const fieldErrors = (appError && answer.fieldErrors?.(appError)) || { [field]: message };
  return json({ ...answer.data, ...(answer.formId ? { formId: answer.formId } : {}), fieldErrors, ...(values ? { repopulateFields: values } : {}) }, { status });
}

/**
 * Every loader and action, page or /api, runs its body through this: an AppError leaves as
 * `errorResponse` answers it (the thrown `{ message, code?, errors? }` with its status; `{ body:
 * "import" }` for the import /api). A thrown Response (a redirect, a page's own 404) and anything
 * else are rethrown unchanged.
 */
export async function handleAppErrors<T>(fn: () => Promise<T>, answer: ApiAnswer = {}): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw await errorResponse(error, answer).catch((thrown: unknown) => thrown);
  }
}

/** 405 (with `Allow`) unless the request uses one of the given methods. */
export function requireMethod(request: Request, ...methods: string[]): void {
  if (methods.includes(request.method.toUpperCase())) return;
  throw new AppError(405, "Method not allowed", undefined, { Allow: methods.join(", ") });
}
