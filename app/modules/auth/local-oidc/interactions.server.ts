import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { isCrossOriginRequest } from "~/utils/cross-origin.server";
import { errors, type Interaction, type Provider } from "oidc-provider";
import type { SignInThrottle } from "../sign-in-throttle.server";
import { retryAfterSeconds, tooManyAttemptsMessage } from "../sign-in-throttle";
import { renderLoginPage, renderMessagePage, type LocalAccountHint, type LoginField } from "./pages.server";

export const LOCAL_OIDC_MOUNT_PATH = "/oidc";
export const INTERACTION_PATH = `${LOCAL_OIDC_MOUNT_PATH}/interaction/:uid`;

export interface LocalOidcInteractionOptions {
  /** Returns the account's subject when the login and password match, otherwise null. */
  verifyLogin: (login: string, password: string) => Promise<string | null>;
  /** Counts failed attempts per account and per address and refuses attempts past the limit. */
  throttle: SignInThrottle;
  /** Listed on the sign-in page so an evaluator knows which account has which role. */
  accounts: readonly LocalAccountHint[];
  /** The shared demo password, shown under the accounts table when given. */
  passwordHint?: string;
}

export const LOGIN_MESSAGES = {
  emailMissing: "Enter your email address",
  passwordMissing: "Enter your password",
  incorrect: "The email or password is incorrect",
} as const;

const MAX_LOGIN_LENGTH = 320;
const MAX_PASSWORD_LENGTH = 1024;

/**
 * The sign-in pages of the bundled provider. GET shows the form (or silently grants consent, since
 * the only client is the application itself); POST checks the credentials and hands the result back
 * to oidc-provider, which redirects to the authorization endpoint to resume the flow.
 */
export function createInteractionRouter(provider: Provider, options: LocalOidcInteractionOptions): Router {
  const router = express.Router();

  router.get(INTERACTION_PATH, (req, res, next) => {
    noStore(res);
    handle(provider, req, res, next, async (interaction) => {
      if (interaction.prompt.name === "consent") return grantConsent(provider, interaction, req, res);
      if (interaction.prompt.name !== "login") return sendUnsupportedPrompt(res);
      const hint = interaction.params.login_hint;
      sendLoginPage(res, req, options, { email: typeof hint === "string" ? hint : "" });
    });
  });

  router.post(INTERACTION_PATH, rejectCrossSiteRequests, express.urlencoded({ extended: false, limit: "10kb", parameterLimit: 10 }), (req, res, next) => {
    noStore(res);
    handle(provider, req, res, next, async (interaction) => {
      if (interaction.prompt.name === "consent") return grantConsent(provider, interaction, req, res);
      if (interaction.prompt.name !== "login") return sendUnsupportedPrompt(res);

      const body = (req.body ?? {}) as Record<string, unknown>;
      const email = typeof body.email === "string" ? body.email.trim() : "";
      const password = typeof body.password === "string" ? body.password : "";
      const errorsFound: Partial<Record<LoginField, string>> = {};
      if (!email) errorsFound.email = LOGIN_MESSAGES.emailMissing;
      if (!password) errorsFound.password = LOGIN_MESSAGES.passwordMissing;
      if (Object.keys(errorsFound).length) return sendLoginPage(res, req, options, { email, errors: errorsFound });

      const fits = email.length <= MAX_LOGIN_LENGTH && password.length <= MAX_PASSWORD_LENGTH;
      const outcome = await options.throttle.attempt(email, req.ip, async () => (fits ? options.verifyLogin(email, password) : null));
      if (outcome.status === "blocked") {
        res.set("Retry-After", String(retryAfterSeconds(outcome.retryAfterMs)));
        return sendLoginPage(res, req, options, { email, formError: tooManyAttemptsMessage(outcome.retryAfterMs) }, 429);
      }
      if (outcome.status === "incorrect") return sendLoginPage(res, req, options, { email, errors: { password: LOGIN_MESSAGES.incorrect } });

      await provider.interactionFinished(req, res, { login: { accountId: outcome.sub } }, { mergeWithLastSubmission: false });
    });
  });

  // Body parser failures (too large, malformed) on this router get a plain page, not a stack trace.
  router.use(INTERACTION_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    if (typeof status !== "number" || status < 400 || status >= 500) return next(error);
    noStore(res);
    res
      .status(status)
      .type("html")
      .send(
        renderMessagePage({
          heading: "Sign-in could not be completed",
          paragraphs: ["The form could not be read. Go back to the application and sign in again."],
        }),
      );
  });

  return router;
}

/**
 * Loads the interaction named by the cookie oidc-provider set for this path; a missing or expired one,
 * or one for another tab, gets an explanatory page instead of the form.
 */
function handle(provider: Provider, req: Request, res: Response, next: NextFunction, work: (interaction: Interaction) => Promise<void>) {
  (async () => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return sendExpired(res);
      throw error;
    }
    if (interaction.uid !== req.params.uid) return sendExpired(res);
    await work(interaction);
  })().catch(next);
}

/** The application is the provider's only client and is first party: grant what it asked for. */
async function grantConsent(provider: Provider, interaction: Interaction, req: Request, res: Response) {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== "string") return sendExpired(res);

  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details;
  if (missingOIDCScope?.length) grant.addOIDCScope(missingOIDCScope.join(" "));
  if (missingOIDCClaims?.length) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(" "));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

function sendLoginPage(res: Response, req: Request, options: LocalOidcInteractionOptions, state: { email: string; errors?: Partial<Record<LoginField, string>>; formError?: string }, status = 200) {
  res
    .status(status)
    .type("html")
    .send(
      renderLoginPage({
        action: `${LOCAL_OIDC_MOUNT_PATH}/interaction/${encodeURIComponent(req.params.uid ?? "")}`,
        accounts: options.accounts,
        passwordHint: options.passwordHint,
        email: state.email,
        errors: state.errors,
        formError: state.formError,
      }),
    );
}

function sendExpired(res: Response) {
  res
    .status(400)
    .type("html")
    .send(
      renderMessagePage({
        heading: "Your sign-in has expired",
        paragraphs: ["This sign-in page is no longer valid, perhaps because it was open for too long or was opened in another tab.", "Return to the application and choose to sign in again."],
      }),
    );
}

function sendUnsupportedPrompt(res: Response) {
  res
    .status(400)
    .type("html")
    .send(
      renderMessagePage({
        heading: "Sign-in could not be completed",
        paragraphs: ["The application asked for a step this evaluation sign-in does not support."],
      }),
    );
}

/** The app's one cross-site rule (Fetch Metadata, then Origin) applied to the sign-in form, with an HTML answer. */
export function rejectCrossSiteRequests(req: Request, res: Response, next: NextFunction) {
  const allowed = !isCrossOriginRequest(req.method, {
    secFetchSite: req.get("sec-fetch-site"),
    origin: req.get("origin"),
    host: req.get("x-forwarded-host") ?? req.get("host"),
  });
  if (allowed) return next();
  noStore(res);
  res
    .status(403)
    .type("html")
    .send(
      renderMessagePage({
        heading: "Sign-in refused",
        paragraphs: ["The sign-in form was sent from another site. Return to the application and sign in from there."],
      }),
    );
}

/**
 * Whether `url` (an origin or a full URL) points at one of `hosts`, comparing as URLs so that an
 * explicit default port ("example.com:443") equals its omission.
 */
export function sameHost(url: string, hosts: readonly string[]): boolean {
  const target = URL.parse(url);
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) return false;
  return hosts.some((host) => URL.parse(`${target.protocol}//${host}`)?.host === target.host);
}

/** The host names (with port) this request may have been addressed to, lower-cased. */
export function requestHosts(req: { headers: Record<string, string | string[] | undefined> }): string[] {
  const hosts: string[] = [];
  const host = req.headers.host;
  if (typeof host === "string" && host) hosts.push(host.trim().toLowerCase());
  const forwarded = req.headers["x-forwarded-host"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  if (first) hosts.push(first.toLowerCase());
  return hosts;
}

function noStore(res: Response) {
  res.set("Cache-Control", "no-store");
  res.set("Pragma", "no-cache");
  // No scripts, no external assets, no framing: the page needs nothing but its own <style>.
  res.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  res.set("X-Frame-Options", "DENY");
}
