import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticateWithSso } from "~/modules/auth/sso.server";
import { rememberReturnTo } from "~/modules/auth/return-to.server";

/** Starts single sign-on: remembers where to come back to, then redirects to the identity provider. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await authenticateWithSso(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const returnTo = await rememberReturnTo(request, new URL(request.url).searchParams.get("redirectTo"));
      if (returnTo) thrown.headers.append("Set-Cookie", returnTo);
      return thrown;
    }
    throw thrown;
  }
  throw new Response("Unexpected sign-in state", { status: 500 });
}
