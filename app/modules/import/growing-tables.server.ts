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
 *
 * ANALYZE keeps its lock on the table until the job commits, and a second ANALYZE of the same table waits
 * for it: another import (of another project) or autovacuum would hold this one up, or this one them. So
 * it is asked for with SKIP_LOCKED, and a table that was skipped is tried again after the next batch.
 */
import type pg from "pg";

/** Below this many new rows a table is not measured again: plans on a few pages are cheap either way. */
export const MIN_GROWTH_ROWS = 2_000;
/** Batches a skipped table is tried again after (another import holding it commits within them, or it keeps its estimate). */
const MAX_TRIES = 20;

const estimatedRows = async (client: pg.ClientBase, table: string) => {
  const { rows } = await client.query<{ rows: number }>("select greatest(reltuples, 0)::float8 as rows from pg_class where oid = $1::regclass", [table]);
  return rows[0]?.rows ?? 0;
};

export class GrowingTables {
  private readonly measured = new Map<string, { rows: number; added: number }>();
  /** Tables due to be measured (those of a table that doubled) and how many tries are left for each. */
  private readonly due = new Map<string, number>();

  constructor(private readonly client: pg.ClientBase) {}

  /** Records that `added` rows went into `table` (and the tables written with it, such as its key table). */
  async grew(added: number, table: string, ...companions: string[]): Promise<void> {
    if (added > 0) {
      let state = this.measured.get(table);
      if (!state) {
        state = { rows: await estimatedRows(this.client, table), added: 0 };
        this.measured.set(table, state);
      }
      state.added += added;
      if (state.added >= Math.max(MIN_GROWTH_ROWS, state.rows)) {
        for (const name of [table, ...companions]) this.due.set(name, MAX_TRIES);
        state.rows += state.added;
        state.added = 0;
      }
    }
    for (const [name, tries] of [...this.due]) {
      const before = await estimatedRows(this.client, name);
      await this.client.query(`analyze (skip_locked) ${quoteIdentifier(name)}`);
      // A skipped table keeps its estimate (it has grown since, so a measured one changes): tried again next batch.
      if ((await estimatedRows(this.client, name)) !== before || tries <= 1) this.due.delete(name);
      else this.due.set(name, tries - 1);
    }
  }
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
