/**
 * oidc-provider 9 ships no TypeScript declarations and @types/oidc-provider is not installed, so this
 * declares only the surface the bundled local provider uses. If @types/oidc-provider is ever added,
 * delete this file.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AdapterPayload = Record<string, unknown> & {
    jti?: string;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AdapterFactory = (modelName: string) => Adapter;

  export interface Account {
    accountId: string;
    claims(
      use: "id_token" | "userinfo" | string,
      scope: string,
      claims: Record<string, unknown>,
      rejected: string[],
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface KoaContextWithOIDC {
    status: number;
    type: string;
    body: unknown;
    host: string;
    href: string;
    set(field: string, value: string): void;
    oidc: {
      route?: string;
      issuer: string;
      params?: Record<string, unknown>;
      result?: InteractionResults;
      client?: { clientId: string };
      session?: { accountId?: string };
      [key: string]: unknown;
    };
    [key: string]: unknown;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    iss?: string;
    [key: string]: unknown;
  }

  export type FindAccount = (
    ctx: KoaContextWithOIDC,
    sub: string,
    token?: unknown,
  ) => Promise<Account | undefined> | Account | undefined;

  /** Deliberately loose: see node_modules/oidc-provider/lib/helpers/defaults.js for every option. */
  export interface Configuration {
    adapter?: AdapterFactory | (new (modelName: string) => Adapter);
    clients?: Array<Record<string, unknown>>;
    findAccount?: FindAccount;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
    jwks?: { keys: Array<Record<string, unknown>> };
    [key: string]: unknown;
  }

  export interface PromptDetail {
    name: "login" | "consent" | string;
    reasons: string[];
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
      login_hint?: string;
      [key: string]: unknown;
    };
  }

  export interface Interaction {
    uid: string;
    jti: string;
    returnTo: string;
    prompt: PromptDetail;
    params: Record<string, unknown>;
    session?: { accountId: string; uid: string; cookie: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
    result?: InteractionResults;
    exp: number;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface ClientInstance {
    clientId: string;
    redirectUris: string[];
    redirectUriAllowed(redirectUri: string): boolean;
    postLogoutRedirectUriAllowed(redirectUri: string): boolean;
  }

  export interface ClientConstructor {
    prototype: ClientInstance;
    find(id: string): Promise<ClientInstance | undefined>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** Koa's proxy flag: trust X-Forwarded-Host and X-Forwarded-Proto. */
    proxy: boolean;
    readonly Grant: GrantConstructor;
    readonly Client: ClientConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    urlFor(name: string, options?: Record<string, unknown>): string;
    /** Koa middleware around every provider route. */
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, listener: (...args: never[]) => void): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
      statusCode: number;
      expose: boolean;
    }
    class SessionNotFound extends OIDCProviderError {}
    class InvalidRequest extends OIDCProviderError {}
    class AccessDenied extends OIDCProviderError {}
  }

  export namespace interactionPolicy {
    type CheckResult = boolean;
    class Check {
      constructor(
        reason: string,
        description: string,
        check: (ctx: KoaContextWithOIDC) => CheckResult | Promise<CheckResult>,
      );
      constructor(
        reason: string,
        description: string,
        error: string,
        check: (ctx: KoaContextWithOIDC) => CheckResult | Promise<CheckResult>,
      );
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
      reason: string;
    }
    interface Checks extends Array<Check> {
      get(reason: string): Check | undefined;
      remove(reason: string): void;
      add(check: Check, index?: number): void;
    }
    class Prompt {
      name: string;
      requestable: boolean;
      checks: Checks;
    }
    interface DefaultPolicy extends Array<Prompt> {
      get(name: string): Prompt | undefined;
      remove(name: string): void;
      add(prompt: Prompt, index?: number): void;
    }
    function base(): DefaultPolicy;
  }

  export default Provider;
}
