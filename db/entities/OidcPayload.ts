import { defineEntity, p, type InferEntity } from "@mikro-orm/core";

/**
 * Storage of the bundled OpenID Connect provider (oidc-provider adapter): one row per model
 * instance (Session, AccessToken, AuthorizationCode, Grant, Interaction, …).
 */
export const OidcPayload = defineEntity({
  name: "OidcPayload",
  tableName: "oidc_payload",
  properties: {
    model: p.text().primary(),
    id: p.text().primary(),
    payload: p.json<Record<string, unknown>>(),
    grantId: p.text().nullable().index(),
    userCode: p.text().nullable().index(),
    uid: p.text().nullable().index(),
    expiresAt: p.datetime().nullable().index(),
    consumedAt: p.datetime().nullable(),
  },
});

export type IOidcPayload = InferEntity<typeof OidcPayload>;
