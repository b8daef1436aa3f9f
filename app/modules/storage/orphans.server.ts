import { sqlExecute, sqlRows, withAdvisoryLock } from "~db/sql.server";
import { RESTORE_POINT_DAYS } from "~/modules/database-management/danger-zone";
import { log } from "~/utils/log.server";
import { getObjectStore, type ObjectStore } from "./index.server";
import { classifyKey, decideSweep, SWEEP_LIMITS, type KeyRecord, type SweepLimits } from "./sweep-rule";

/**
 * The object sweep (docs/operations.md#nothing-lost). Deleting a document or template row never deletes
 * its bytes: a trigger records the release (released_object), and the bytes stay while a restore point
 * could bring the row back. This sweep removes, under `projects/`, objects older than the grace period
 * that no live row (document, template, a staged import's PDF, an inbound message's raw e-mail), no unexpired restore point and no
 * release younger than `releasedBefore` names; plus unrecorded objects (a process that died between
 * storing the bytes and writing the row), capped by the share rule (sweep-rule.ts) so that a wrong or
 * empty database cannot empty the bucket. One instance at a time, under an advisory lock.
 *
 * A land-title PDF staged for import is referenced by its staged workbook until the import makes it
 * a document of each property; if the import never runs (or creates nothing), the object loses its
 * last reference when the staging is removed (after the import, or after 24 hours) and is swept then.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** As long as a restore point is kept (docs/administration.md#restore-points): a point can bring back any row deleted after it was saved. */
export const RELEASE_KEEP_DAYS = RESTORE_POINT_DAYS;
/** The sweep's advisory lock (a constant of this app: "LLRS"). */
export const OBJECT_SWEEP_LOCK = 0x4c4c5253;
const BATCH = 500;
const sweepLog = log.child({ component: "object-sweep" });

async function keyRecords(keys: string[]): Promise<Map<string, KeyRecord>> {
  const list = keys.map(() => "?").join(", ");
  const rows = await sqlRows<{ key: string; live: boolean; pinned: boolean; released_at: Date | null }>(
    `with k(key) as (select unnest(array[${list}]::text[]))
     select k.key,
            (exists (select 1 from document d where d.storage_key = k.key)
              or exists (select 1 from template t where t.storage_key = k.key)
              or exists (select 1 from import_workbook w where w.source_object_key = k.key)
              or exists (select 1 from inbound_message m where m.raw_key = k.key)) as live,
            exists (select 1 from restore_point_object o join restore_point rp on rp.id = o.restore_point_id
                     where o.storage_key = k.key and rp.expires_at > now()) as pinned,
            (select max(r.released_at) from released_object r where r.storage_key = k.key) as released_at
       from k`,
    keys,
  );
  return new Map(rows.map((r) => [r.key, { live: Boolean(r.live), pinnedByRestorePoint: Boolean(r.pinned), releasedAt: r.released_at ? new Date(r.released_at) : null }]));
}

export interface SweepOptions {
  store?: ObjectStore;
  /** Objects written after this are left alone (an upload in flight). */
  olderThan?: Date;
  /** Releases after this keep their objects. */
  releasedBefore?: Date;
  limits?: SweepLimits;
}

export interface SweepResult {
  /** Another instance held the lock: this one did nothing. */
  skipped: boolean;
  /** Too many unrecorded objects for this database (sweep-rule.ts): nothing was deleted. */
  refused: boolean;
  listed: number;
  /** Unrecorded objects deleted. */
  orphans: number;
  /** Objects deleted whose release was older than `releasedBefore`. */
  released: number;
  incompleteWrites: number;
}

export async function sweepOrphanObjects(options: SweepOptions = {}): Promise<SweepResult> {
  const outcome = await withAdvisoryLock(OBJECT_SWEEP_LOCK, () => sweepLocked(options), { applicationName: "object-sweep" });
  if (!outcome.ran) {
    sweepLog.info({ event: "sweep.skipped" }, "another instance is sweeping");
    return { skipped: true, refused: false, listed: 0, orphans: 0, released: 0, incompleteWrites: 0 };
  }
  return outcome.value;
}

async function sweepLocked({
  store = getObjectStore(),
  olderThan = new Date(Date.now() - ORPHAN_GRACE_MS),
  releasedBefore = new Date(Date.now() - RELEASE_KEEP_DAYS * DAY_MS),
  limits = SWEEP_LIMITS,
}: SweepOptions): Promise<SweepResult> {
  let listed = 0;
  const unrecorded: string[] = [];
  const released: string[] = [];
  let batch: string[] = [];
  const classify = async () => {
    const records = await keyRecords(batch);
    for (const key of batch) {
      const verdict = classifyKey(records.get(key), releasedBefore);
      if (verdict === "unrecorded") unrecorded.push(key);
      else if (verdict === "released") released.push(key);
    }
    batch = [];
  };
  for await (const object of store.list("projects/")) {
    listed++;
    if (object.lastModified >= olderThan) continue;
    batch.push(object.key);
    if (batch.length === BATCH) await classify();
  }
  if (batch.length) await classify();

  const decision = decideSweep({ listed, unrecorded: unrecorded.length }, limits);
  if (!decision.allowed) {
    sweepLog.error(
      { event: "sweep.refused", reason: decision.reason, listed, unrecorded: unrecorded.length, releasedExpired: released.length, ...limits },
      "object sweep refused: the database does not know most of the bucket; nothing deleted",
    );
    return { skipped: false, refused: true, listed, orphans: 0, released: 0, incompleteWrites: 0 };
  }
  for (const key of unrecorded) await store.delete(key);
  for (let i = 0; i < released.length; i += BATCH) {
    const keys = released.slice(i, i + BATCH);
    for (const key of keys) await store.delete(key);
    await sqlExecute(`delete from released_object where storage_key in (${keys.map(() => "?").join(", ")})`, keys);
  }
  // Releases of keys that are live again (a restored row) or long gone need no keeping.
  await sqlExecute("delete from released_object where released_at <= ? and storage_key in (select storage_key from document union select storage_key from template)", [releasedBefore]);
  const incompleteWrites = await store.removeIncompleteWrites(olderThan);
  if (unrecorded.length || released.length || incompleteWrites) {
    sweepLog.info({ event: "sweep.done", listed, orphans: unrecorded.length, released: released.length, incompleteWrites }, "object sweep removed objects");
  }
  return { skipped: false, refused: false, listed, orphans: unrecorded.length, released: released.length, incompleteWrites };
}
