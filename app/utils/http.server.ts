import { json } from "@remix-run/node";
import { AppError } from "./app-error";

/** The origin the browser used (Express already applied trusted X-Forwarded-* headers). */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}

/** Only same-site relative paths may be redirect targets (no //evil.example, no schemes). */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** JSON error body in the spec's shape ({ message, code?, errors? }) for /api routes. */
export function apiError(error: AppError) {
  const fieldErrors = (error as AppError & { fieldErrors?: Record<string, string> }).fieldErrors;
  return json({ message: error.message, ...(error.code ? { code: error.code } : {}), ...(fieldErrors ? { errors: fieldErrors } : {}) }, { status: error.status });
}

/** Lets /api routes turn thrown AppErrors into JSON and rethrow everything else (redirects included). */
export async function handleApi<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) return apiError(error);
    throw error;
  }
}

/**
 * Rethrows an AppError as the HTTP response pages and /api callers understand: a page's
 * ErrorBoundary shows "Page Not Found" / "Access Denied" (production builds hide the text of thrown
 * Errors), an /api caller gets {message, code?}. Anything else is rethrown unchanged.
 */
export function rethrowAsHttp(error: unknown): never {
  if (error instanceof AppError) throw json({ message: error.message, ...(error.code ? { code: error.code } : {}) }, { status: error.status });
  throw error;
}
