import { sqlRows } from "~db/sql.server";
import { getObjectStore, type ObjectStore } from "./index.server";

/**
 * Objects with no document or template row. Uploads store the bytes first and remove them if the
 * row cannot be written; only a process that dies between the two leaves an orphan behind (and a
 * `.tmp-` file or multipart upload if it died mid-write). The sweep removes those once they are
 * older than the grace period, which leaves any upload still in flight alone.
 *
 * A land-title PDF staged for import is referenced by its staged workbook until the import makes it
 * a document of each property; if the import never runs (or creates nothing), the object loses its
 * last reference when the staging is removed (after the import, or after 24 hours) and is swept then.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

async function referencedKeys(keys: string[]): Promise<Set<string>> {
  const list = keys.map(() => "?").join(", ");
  const rows = await sqlRows<{ storage_key: string }>(
    `select storage_key from document where storage_key in (${list}) union select storage_key from template where storage_key in (${list})
       union select source_object_key from import_workbook where source_object_key in (${list})`,
    [...keys, ...keys, ...keys],
  );
  return new Set(rows.map((r) => r.storage_key));
}

export async function sweepOrphanObjects({ store = getObjectStore(), olderThan = new Date(Date.now() - ORPHAN_GRACE_MS) }: { store?: ObjectStore; olderThan?: Date } = {}) {
  let orphans = 0;
  const removeUnreferenced = async (keys: string[]) => {
    const referenced = await referencedKeys(keys);
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await store.delete(key);
      orphans++;
    }
  };
  let batch: string[] = [];
  for await (const object of store.list("projects/")) {
    if (object.lastModified >= olderThan) continue;
    batch.push(object.key);
    if (batch.length === BATCH) {
      await removeUnreferenced(batch);
      batch = [];
    }
  }
  if (batch.length) await removeUnreferenced(batch);
  const incompleteWrites = await store.removeIncompleteWrites(olderThan);
  return { orphans, incompleteWrites };
}
