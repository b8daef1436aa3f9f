import type { KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, LOCAL_SIGN_IN_TITLE, renderDocument } from "./pages.server";

/**
 * The bundled provider's sign-out pages (OIDC RP-Initiated Logout), in place of oidc-provider's
 * defaults, which auto-submit with a script or load web fonts: plain forms with a visible button.
 */

const SIGN_OUT_HEADING = "Sign out of the evaluation sign-in";

function signOutPage(form: string): string {
  const body = `<h1>${SIGN_OUT_HEADING}</h1>
    <p>You have signed out of the application. Sign out of the evaluation sign-in as well, then return to the application.</p>
    ${form}`;
  return renderDocument({ title: `${SIGN_OUT_HEADING} – ${LOCAL_SIGN_IN_TITLE}`, body });
}

function signOutForm(action: string, xsrf: string): string {
  return `<form method="post" action="${escapeHtml(action)}">
      <input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}">
      <input type="hidden" name="logout" value="yes">
      <div class="actions"><button type="submit">Sign out</button></div>
    </form>`;
}

/** `features.rpInitiatedLogout.logoutSource`: `form` is oidc-provider's empty form carrying the xsrf token. */
export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  const action = /action="([^"]*)"/.exec(form)?.[1] ?? "";
  const xsrf = /name="xsrf" value="([^"]*)"/.exec(form)?.[1] ?? "";
  ctx.type = "html";
  ctx.body = signOutPage(signOutForm(action, xsrf));
}

/** `features.rpInitiatedLogout.postLogoutSuccessSource`: shown when no post_logout_redirect_uri was given. */
export function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  ctx.type = "html";
  ctx.body = renderDocument({
    title: `Signed out – ${LOCAL_SIGN_IN_TITLE}`,
    body: `<h1>Signed out</h1>
    <p>You have signed out of the evaluation sign-in.</p>
    <p><a href="/">Return to the application</a></p>`,
  });
}

/**
 * Without a provider session oidc-provider answers the end-session request with its generic
 * self-submitting form (a script, "Continue" only under <noscript>, no language, no heading). This
 * Koa middleware puts the same fields in the page above instead.
 */
export async function accessibleEndSessionPage(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (ctx.oidc?.route !== "end_session" || typeof ctx.body !== "string" || !ctx.body.includes("<title>Submitting Callback</title>")) return;
  const action = /<form method="post" action="([^"]*)"/.exec(ctx.body)?.[1];
  const xsrf = /name="xsrf" value="([^"]*)"/.exec(ctx.body)?.[1];
  if (!action || !xsrf) return;
  // The values were HTML-escaped by oidc-provider; signOutForm escapes again, so decode once.
  const unescape = (value: string) => value.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  ctx.body = signOutPage(signOutForm(unescape(action), unescape(xsrf)));
}
