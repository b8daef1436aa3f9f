/**
 * Finding the likely duplicates of incoming rows among a project's records (docs/import.md#duplicates), set-based and
 * indexed: every record carries its blocking keys (match_keys, copied by triggers into <table>_match_key
 * with a b-tree index); the records sharing a key with a batch of incoming rows come back from one query
 * per kind of key, and only those are scored, in JS, with the match rules. Never all pairs.
 *
 * Keys are computed in JS (match-keys.ts), so a trigger clears them when their fields change and
 * refreshMatchKeys recomputes the cleared ones before a search.
 */
import type pg from "pg";
import { collectBetweenBatches } from "~/utils/batch-garbage.server";
import { stakeholderMatchKeys, propertyMatchKeys } from "./match-keys";
import { matchStakeholder, type StakeholderMatchFields } from "./match-stakeholders";
import { matchProperty } from "./match-properties";
import type { PropertyKeyFields } from "./blocking-keys";
import type { DuplicateMatch } from "./match";

export type DuplicateKind = "stakeholder" | "property";
export type MatchFields = StakeholderMatchFields & PropertyKeyFields;

interface KindRules {
  table: string;
  /** Field key → column, for what the keys and the match rules read. */
  columns: Record<string, string>;
  keysOf: (fields: MatchFields) => string[];
  match: (incoming: MatchFields, existing: MatchFields) => DuplicateMatch | null;
}

export const KIND_RULES: Record<DuplicateKind, KindRules> = {
  stakeholder: {
    table: "stakeholder",
    columns: {
      name: "name",
      email: "email",
      email2: "email2",
      email3: "email3",
      phone: "phone",
      phone2: "phone2",
      phone3: "phone3",
      mobile: "mobile",
      mobilePhone: "mobile_phone",
      cellPhone: "cell_phone",
      homePhone: "home_phone",
      businessPhone: "business_phone",
      contactPhone: "contact_phone",
      address: "address",
      address2: "address2",
      address3: "address3",
      memberType: "member_type",
    },
    keysOf: stakeholderMatchKeys,
    match: matchStakeholder,
  },
  property: {
    table: "property",
    columns: { address: "address", volume: "volume", folio: "folio", lot: "lot", planNumber: "plan_number", lotPlanLine: "lot_plan_line" },
    keysOf: propertyMatchKeys,
    match: matchProperty,
  },
};

/** A kind's keys, as many as a candidate search sends at once (one array parameter each). */
const KEY_KINDS: Record<DuplicateKind, readonly string[]> = {
  stakeholder: ["e", "p", "n", "a"],
  property: ["vf", "vb", "lp", "a", "as"],
};

/** Rows whose keys are recomputed per statement. */
const REFRESH_BATCH = 5000;

const selectList = (rules: KindRules, alias?: string) =>
  Object.entries(rules.columns)
    .map(([key, column]) => `${alias ? `${alias}.` : ""}"${column}" as "${key}"`)
    .join(", ");

/**
 * Recomputes the keys the trigger cleared (or that were never computed) for one project and kind, in
 * batches, each committed on its own when `client` is outside a transaction. Returns how many.
 */
export async function refreshMatchKeys(client: pg.ClientBase, projectId: number, kind: DuplicateKind): Promise<number> {
  const rules = KIND_RULES[kind];
  let refreshed = 0;
  for (;;) {
    const { rows } = await client.query<MatchFields & { id: number }>(`select id, ${selectList(rules)} from "${rules.table}" where project_id = $1 and match_keys is null limit ${REFRESH_BATCH}`, [
      projectId,
    ]);
    if (!rows.length) return refreshed;
    const keyed = rows.map((row) => ({ id: row.id, keys: rules.keysOf(row) }));
    await client.query(
      `update "${rules.table}" t set match_keys = array(select jsonb_array_elements_text(k.keys))
         from jsonb_to_recordset($1::jsonb) as k(id int, keys jsonb) where t.id = k.id`,
      [JSON.stringify(keyed)],
    );
    refreshed += rows.length;
    collectBetweenBatches();
    if (rows.length < REFRESH_BATCH) return refreshed;
  }
}

export interface IndexedRecord {
  id: number;
  fields: MatchFields;
}

/** Records by blocking key: what a batch's search found, and what the batch itself created so far. */
export class CandidateIndex {
  private readonly byKey = new Map<string, IndexedRecord[]>();

  add(record: IndexedRecord, keys: readonly string[]) {
    for (const key of keys) {
      const list = this.byKey.get(key);
      if (list) list.push(record);
      else this.byKey.set(key, [record]);
    }
  }

  /** The records sharing at least one key, each once. */
  lookup(keys: readonly string[]): IndexedRecord[] {
    const found = new Map<number, IndexedRecord>();
    for (const key of keys) for (const record of this.byKey.get(key) ?? []) found.set(record.id, record);
    return [...found.values()];
  }
}

/**
 * The project's records sharing a key with any of `keys`: one query per kind of key (e-mail, phone,
 * name …), each joining all of the batch's keys of that kind to the <table>_match_key index.
 */
export async function loadCandidateIndex(client: pg.ClientBase, projectId: number, kind: DuplicateKind, keys: Iterable<string>): Promise<CandidateIndex> {
  const rules = KIND_RULES[kind];
  const byKind = new Map<string, string[]>(KEY_KINDS[kind].map((prefix) => [prefix, []]));
  for (const key of new Set(keys)) byKind.get(key.slice(0, key.indexOf(":")))?.push(key);
  const index = new CandidateIndex();
  const records = new Map<number, IndexedRecord>();
  for (const group of byKind.values()) {
    if (!group.length) continue;
    const { rows } = await client.query<MatchFields & { id: number; key: string }>(
      `select k.key, t.id, ${selectList(rules, "t")}
         from unnest($2::text[]) as q(key)
         join "${rules.table}_match_key" k on k.project_id = $1 and k.key = q.key
         join "${rules.table}" t on t.id = k."${rules.table}_id"`,
      [projectId, group],
    );
    for (const row of rows) {
      const { id, key, ...fields } = row;
      let record = records.get(id);
      if (!record) {
        record = { id, fields };
        records.set(id, record);
      }
      index.add(record, [key]);
    }
  }
  return index;
}

export interface ScoredCandidate extends DuplicateMatch {
  id: number;
}

/** At most this many candidates are kept per incoming row, the most similar first. */
export const MAX_CANDIDATES = 5;

/** The candidates that match by the kind's rules, most similar first (ties: the older record first). */
export function scoreCandidates(kind: DuplicateKind, incoming: MatchFields, found: readonly IndexedRecord[], limit = MAX_CANDIDATES): ScoredCandidate[] {
  const rules = KIND_RULES[kind];
  const scored: ScoredCandidate[] = [];
  for (const record of found) {
    const match = rules.match(incoming, record.fields);
    if (match) scored.push({ id: record.id, ...match });
  }
  scored.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  return scored.slice(0, limit);
}

/** The match fields of an incoming row (its values keyed by field key). */
export function matchFieldsOf(kind: DuplicateKind, values: Readonly<Record<string, unknown>>): MatchFields {
  const fields: Record<string, string | null> = {};
  for (const key of Object.keys(KIND_RULES[kind].columns)) {
    const value = values[key];
    fields[key] = value === null || value === undefined ? null : String(value);
  }
  return fields as MatchFields;
}

export const matchKeysOf = (kind: DuplicateKind, fields: MatchFields) => KIND_RULES[kind].keysOf(fields);
