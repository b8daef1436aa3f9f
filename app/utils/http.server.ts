import { json } from "@remix-run/node";
import { AppError } from "./app-error";
import { getEnv } from "./env.server";

/** Whether cookies for this request are Secure: it reached us over https, or that is forced (FORCE_SECURE_COOKIES). */
export function usesSecureCookies(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || getEnv().FORCE_SECURE_COOKIES === "true";
}

/** The origin the browser used (Express already applied trusted X-Forwarded-* headers). */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
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
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  const decoded = decodedOnce(to);
  if (decoded === null || UNSAFE_IN_REDIRECT.test(to) || UNSAFE_IN_REDIRECT.test(decoded) || decoded.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * An AppError as the HTTP response every caller understands: `{ message, code?, errors? }` with its
 * status. A page's ErrorBoundary shows it (production builds hide the text of thrown Errors); an
 * /api caller reads the spec's error shape.
 */
export function appErrorResponse(error: AppError): Response {
  const fieldErrors = (error as AppError & { fieldErrors?: Record<string, string> }).fieldErrors;
  const body = { message: error.message, ...(error.code ? { code: error.code } : {}), ...(fieldErrors ? { errors: fieldErrors } : {}) };
  return json(body, { status: error.status, headers: error.headers });
}

/**
 * The one way from an AppError to an HTTP response: every loader and action, page or /api, runs its
 * body through this. A thrown Response leaves as it is: a page renders it in its ErrorBoundary, a
 * resource route sends it. Redirects and anything else are rethrown unchanged.
 */
export async function handleAppErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

/** 405 (with `Allow`) unless the request uses one of the given methods. */
export function requireMethod(request: Request, ...methods: string[]): void {
  if (methods.includes(request.method.toUpperCase())) return;
  throw new AppError(405, "Method not allowed", undefined, { Allow: methods.join(", ") });
}
