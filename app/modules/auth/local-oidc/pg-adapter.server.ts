import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";
import { log } from "~/utils/log.server";

/**
 * Runs one SQL statement and resolves to its rows. Parameters are positional `?` placeholders, the
 * convention of `sqlRows(sql, params)` in db/sql.server.ts (so the server can pass that
 * straight through); a `pg` caller converts them to `$1, $2, …`. The statements below use no other
 * question marks. Every parameter is a string, a number or null.
 */
export type SqlQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export const OIDC_PAYLOAD_TABLE = "oidc_payload";

/** Expired rows are swept at most this often per process; `find` ignores them in the meantime. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const NOT_EXPIRED = "(expires_at is null or expires_at > now())";

/**
 * oidc-provider storage in PostgreSQL (table `oidc_payload`, primary key (model, id)). Nothing is
 * kept in process memory, so several app servers can share sessions, interactions, codes and tokens.
 */
export class PgAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly query: SqlQuery,
    private readonly afterWrite: () => void = () => {},
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === "number" && Number.isFinite(expiresIn) ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    await this.query(
      `insert into ${OIDC_PAYLOAD_TABLE} (model, id, payload, grant_id, user_code, uid, expires_at)
       values (?, ?, ?::jsonb, ?, ?, ?, ?::timestamptz)
       on conflict (model, id) do update set
         payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
         uid = excluded.uid, expires_at = excluded.expires_at`,
      [this.model, id, JSON.stringify(payload), stringOrNull(payload.grantId), stringOrNull(payload.userCode), stringOrNull(payload.uid), expiresAt],
    );
    this.afterWrite();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findOne("id", id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findOne("uid", uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findOne("user_code", userCode);
  }

  async consume(id: string): Promise<void> {
    // oidc-provider reads `consumed` from the payload (to detect a reused authorization code).
    await this.query(
      `update ${OIDC_PAYLOAD_TABLE}
       set consumed_at = now(), payload = jsonb_set(payload, '{consumed}', to_jsonb(?::bigint))
       where model = ? and id = ?`,
      [Math.floor(Date.now() / 1000), this.model, id],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.query(`delete from ${OIDC_PAYLOAD_TABLE} where model = ? and id = ?`, [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.query(`delete from ${OIDC_PAYLOAD_TABLE} where model = ? and grant_id = ?`, [this.model, grantId]);
  }

  private async findOne(column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> {
    const rows = await this.query(`select payload from ${OIDC_PAYLOAD_TABLE} where model = ? and ${column} = ? and ${NOT_EXPIRED} limit 1`, [this.model, value]);
    const payload: unknown = rows[0]?.payload;
    if (payload == null) return undefined;
    // pg parses jsonb itself; a driver that hands back text is tolerated too.
    return (typeof payload === "string" ? JSON.parse(payload) : payload) as AdapterPayload;
  }
}

/** Deletes rows whose expiry has passed; returns nothing (the query helper may not report counts). */
export async function deleteExpiredOidcPayloads(query: SqlQuery): Promise<void> {
  await query(`delete from ${OIDC_PAYLOAD_TABLE} where expires_at < now()`, []);
}

/**
 * The factory oidc-provider calls once per model. Writes occasionally trigger a sweep of expired
 * rows in the background; the timestamp is only a throttle, so losing it on restart is harmless.
 */
export function createPgAdapterFactory(query: SqlQuery): AdapterFactory {
  let lastSweep = 0;
  const sweepOccasionally = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    deleteExpiredOidcPayloads(query).catch((error: unknown) => {
      log.error({ component: "local-oidc", err: error }, "Could not delete expired oidc_payload rows");
    });
  };
  return (model: string) => new PgAdapter(model, query, sweepOccasionally);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
