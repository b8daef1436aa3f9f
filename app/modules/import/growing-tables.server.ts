/**
 * Keeps PostgreSQL's statistics in step with tables an import job grows (docs/import.md#the-import-job).
 *
 * The job writes every row in one transaction, so autovacuum cannot see the new rows until the end. The
 * plans made meanwhile still take the table at its old size: into a new project of a nearly empty
 * database, the foreign-key check of every match key (`stakeholder_match_key` → `stakeholder`) is planned
 * as a scan of what looks like a one-page table, and each batch then reads every row written before it.
 * 20,000 rows took 36 s where `COPY` takes 0.9 s. ANALYZE inside the transaction counts the transaction's
 * own rows and makes the backend plan again, so it is run each time a table has doubled since it was last
 * measured (a handful of times for any import, about 0.1 s each at 100,000 rows).
 */
import type pg from "pg";

/** Below this many new rows a table is not measured again: plans on a few pages are cheap either way. */
export const MIN_GROWTH_ROWS = 2_000;

export class GrowingTables {
  private readonly measured = new Map<string, { rows: number; added: number }>();

  constructor(private readonly client: pg.ClientBase) {}

  /** Records that `added` rows went into `table` (and the tables written with it, such as its key table). */
  async grew(added: number, table: string, ...companions: string[]): Promise<void> {
    if (added <= 0) return;
    let state = this.measured.get(table);
    if (!state) {
      const { rows } = await this.client.query<{ rows: number }>("select greatest(reltuples, 0)::float8 as rows from pg_class where oid = $1::regclass", [table]);
      state = { rows: rows[0]?.rows ?? 0, added: 0 };
      this.measured.set(table, state);
    }
    state.added += added;
    if (state.added < Math.max(MIN_GROWTH_ROWS, state.rows)) return;
    for (const name of [table, ...companions]) await this.client.query(`analyze ${quoteIdentifier(name)}`);
    state.rows += state.added;
    state.added = 0;
  }
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
