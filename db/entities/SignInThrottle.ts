import { defineEntity, p, type InferEntity } from "@mikro-orm/core";

/**
 * Failed sign-in counters of the bundled sign-in (app/modules/auth/sign-in-throttle.server.ts),
 * in the layout rate-limiter-flexible's RateLimiterPostgres reads and writes: one row per throttled
 * key (per account or per client address), `expire` in epoch milliseconds. The invitation sending
 * limits keep their counts here too, under their own key prefixes
 * (app/modules/users/invite-throttle.server.ts). The app never loads
 * these rows through the ORM; the entity makes the migration own the table.
 */
export const SignInThrottle = defineEntity({
  name: "SignInThrottle",
  tableName: "sign_in_throttle",
  properties: {
    key: p.string().length(255).primary(),
    points: p.integer().default(0),
    expire: p.bigint("number").nullable().index(),
  },
});

export type ISignInThrottle = InferEntity<typeof SignInThrottle>;
