import { getEnv } from "~/utils/env.server";
import { requestOrigin } from "~/utils/http.server";

/** The app's public address for links in mail: APP_URL when set, else the origin the request came in on. */
export function publicBaseUrl(request: Request): string {
  return getEnv().APP_URL ?? requestOrigin(request);
}
