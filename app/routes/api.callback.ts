import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { auditSignInFailure } from "~/modules/auth/auth-audit.server";
import { authenticateWithSso, clearOAuthCookies, localIssuer } from "~/modules/auth/sso.server";
import { IdTokenError } from "~/modules/auth/sso-claims";
import { createSignedInSession } from "~/modules/auth/session.server";
import { takeReturnTo } from "~/modules/auth/return-to.server";
import { signInFromSso } from "~/modules/auth/sign-in.server";
import { AppError } from "~/utils/app-error";
import { getEnv } from "~/utils/env.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { log } from "~/utils/log.server";

/** The identity provider sends the browser back here with a code; we sign the user in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const response = await signIn(request);
  // Whatever happened, the state cookies of this and any abandoned flow are spent.
  for (const cookie of clearOAuthCookies(request)) response.headers.append("Set-Cookie", cookie);
  return response;
}

async function signIn(request: Request): Promise<Response> {
  let result;
  try {
    result = await authenticateWithSso(request);
  } catch (error) {
    // A redirect starts a fresh flow (no state in the URL); it sets its own cookie.
    if (error instanceof Response) throw error;
    log.warn({ component: "auth", err: error }, "Single sign-on failed");
    if (error instanceof IdTokenError) {
      await auditSignInFailure({ reason: "token check failed", issuer: getEnv().OIDC_ISSUER ?? localIssuer() });
    }
    return redirectWithFlash(request, "/", { kind: "error", title: "Sign-in failed", description: "Single sign-on did not complete. Please try again." });
  }
  try {
    const user = await signInFromSso(result.profile);
    const returnTo = await takeReturnTo(request);
    const headers = new Headers({ "Set-Cookie": await createSignedInSession(request, user.id, result.idToken) });
    headers.append("Set-Cookie", returnTo.clear);
    return redirect(returnTo.path, { headers });
  } catch (error) {
    if (error instanceof AppError) return redirectWithFlash(request, "/", { kind: "error", title: "Sign-in refused", description: error.message });
    throw error;
  }
}
