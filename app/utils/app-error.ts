/**
 * The one error type of the app: a status, a message fit to show the user, and an optional code
 * from the spec (e.g. INVALID_PROJECT). Routes turn it into a response with `handleAppErrors`
 * (utils/http.server.ts): pages render it in their ErrorBoundary, /api routes send it as JSON.
 */
export class AppError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 500 | 503,
    message: string,
    public readonly code?: string,
    /** Extra response headers, e.g. `Allow` on a 405. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message = "Not found") => new AppError(404, message);
export const forbidden = (message = "You do not have permission to do that") => new AppError(403, message);
export const unauthorized = (message = "Sign in to continue") => new AppError(401, message);
