import { getEnv } from "~/utils/env.server";
import { requestOrigin } from "~/utils/http.server";

/** The app's public address for links in mail: APP_URL when set, else the origin the request came in on. */
export function publicBaseUrl(request: Request): string {
  return getEnv().APP_URL ?? requestOrigin(request);
}

/**
 * The app's public address for links in mail queued with no request at hand (a background job, a
 * module function): APP_URL, which production requires with more than one instance, else this server
 * on localhost (a single instance on a workstation).
 */
export function configuredBaseUrl(): string {
  const env = getEnv();
  return env.APP_URL ?? `http://localhost:${env.PORT}`;
}
