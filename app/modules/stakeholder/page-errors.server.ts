import { rethrowAsHttp } from "~/utils/http.server";

/**
 * Pages render AppErrors through their ErrorBoundary: rethrow them as Remix responses carrying
 * the status and the message (404 for another client's ids, 403 for a viewer's write).
 */
export async function pageGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    rethrowAsHttp(error);
  }
}
