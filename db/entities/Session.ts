import { defineEntity, p, type InferEntity } from "@mikro-orm/core";

/** Server-side session storage (docs/architecture.md#sessions-and-state): sid, sess, expire. */
export const Session = defineEntity({
  name: "Session",
  tableName: "session",
  properties: {
    sid: p.text().primary(),
    sess: p.json<Record<string, unknown>>(),
    expire: p.datetime().index(),
  },
});

export type ISession = InferEntity<typeof Session>;
