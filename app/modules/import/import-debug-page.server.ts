import type pg from "pg";
import { KIND_RULES, loadCandidateIndex, matchFieldsOf, matchKeysOf, refreshMatchKeys, scoreCandidates, type MatchFields } from "~/modules/duplicates/candidates.server";
import { percent } from "~/modules/duplicates/match";
import { BUSINESS_ADDRESS_THRESHOLD, EMAIL_SIMILARITY, HOUSEHOLD_NAME_WEIGHT, HOUSEHOLD_SIMILARITY, NAME_SIMILARITY_THRESHOLD, PHONE_SIMILARITY } from "~/modules/duplicates/match-stakeholders";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { DEBUG_SAMPLE_SIZE, isTypedProbe, parseImportDebugQuery } from "./import-debug-schema";
import { withPgClient } from "~db/sql.server";

/**
 * /import-debug (docs/import.md#debug-tool): the project's counts and what the real duplicate matcher
 * makes of a sample of its stakeholders, or of a name, e-mail and phone typed in. The same calls an
 * import makes (refresh the blocking keys, load the records sharing a key, score them), so what this
 * page shows is what an import would flag. Nothing is simulated.
 */

export interface DebugCandidate {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  similarity: number;
  /** "91 %", as the reasons write it. */
  similarityText: string;
  matchType: string;
  reason: string;
  /** The probe's blocking keys this record shares: why it was compared at all. */
  sharedKeys: string[];
}

export interface DebugProbe {
  /** The sampled stakeholder's id; null for a typed probe. */
  id: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  keys: string[];
  /** Typed values that gave no blocking key (an e-mail left empty after normalising, a short phone). */
  unkeyed: ("name" | "email" | "phone")[];
  /** Records sharing at least one key, so scored by the match rules. */
  compared: number;
  candidates: DebugCandidate[];
}

const firstOf = (...values: (string | null | undefined)[]) => values.find((v) => v?.trim()) ?? null;

const STAKEHOLDER = KIND_RULES.stakeholder;

async function projectCounts(client: pg.ClientBase, projectId: number) {
  const { rows } = await client.query<{ stakeholders: number; properties: number }>(
    `select (select count(*)::int from stakeholder where project_id = $1) as stakeholders,
            (select count(*)::int from property where project_id = $1) as properties`,
    [projectId],
  );
  return rows[0] ?? { stakeholders: 0, properties: 0 };
}

/** A page of the project's stakeholders by name, with the fields the match rules read. */
async function sampleStakeholders(client: pg.ClientBase, projectId: number, offset: number) {
  const columns = Object.entries(STAKEHOLDER.columns)
    .map(([key, column]) => `"${column}" as "${key}"`)
    .join(", ");
  const { rows } = await client.query<MatchFields & { id: number }>(`select id, ${columns} from stakeholder where project_id = $1 order by lower(name), id limit ${DEBUG_SAMPLE_SIZE} offset $2`, [
    projectId,
    offset,
  ]);
  return rows.map(({ id, ...fields }) => ({ id, fields: matchFieldsOf("stakeholder", fields) }));
}

function unkeyedFields(fields: MatchFields, keys: string[]): DebugProbe["unkeyed"] {
  const has = (prefix: string) => keys.some((key) => key.startsWith(`${prefix}:`));
  const unkeyed: DebugProbe["unkeyed"] = [];
  if (fields.name?.trim() && !has("n")) unkeyed.push("name");
  if (fields.email?.trim() && !has("e")) unkeyed.push("email");
  if (fields.phone?.trim() && !has("p")) unkeyed.push("phone");
  return unkeyed;
}

export async function loadImportDebugPage(access: ProjectAccess, url: URL) {
  requirePermission(access, "importData");
  const query = parseImportDebugQuery(url.searchParams);
  const typed = isTypedProbe(query);
  const projectId = access.project.id;
  const client = access.project.client as { name?: string } | null;

  const { counts, probes, keysRefreshed } = await withPgClient(async (pgClient) => {
    // Keys the trigger cleared since the last search, as an import refreshes them first.
    const keysRefreshed = await refreshMatchKeys(pgClient, projectId, "stakeholder");
    const counts = await projectCounts(pgClient, projectId);
    const inputs = typed
      ? [{ id: null, fields: matchFieldsOf("stakeholder", { name: query.name || null, email: query.email || null, phone: query.phone || null }) }]
      : await sampleStakeholders(pgClient, projectId, query.sample);
    const keyed = inputs.map((input) => ({ ...input, keys: matchKeysOf("stakeholder", input.fields) }));
    // One search for every probe's keys, as an import searches for a batch of rows.
    const index = await loadCandidateIndex(
      pgClient,
      projectId,
      "stakeholder",
      keyed.flatMap((p) => p.keys),
    );
    const probes: DebugProbe[] = keyed.map((probe) => {
      // A sampled stakeholder is matched against the project without itself.
      const found = index.lookup(probe.keys).filter((record) => record.id !== probe.id);
      const probeKeys = new Set(probe.keys);
      const byId = new Map(found.map((record) => [record.id, record.fields]));
      return {
        id: probe.id,
        name: probe.fields.name ?? null,
        email: firstOf(probe.fields.email, probe.fields.email2, probe.fields.email3),
        phone: firstOf(probe.fields.phone, probe.fields.phone2, probe.fields.phone3),
        keys: probe.keys,
        unkeyed: probe.id === null ? unkeyedFields(probe.fields, probe.keys) : [],
        compared: found.length,
        candidates: scoreCandidates("stakeholder", probe.fields, found).map((match) => {
          const fields = byId.get(match.id)!;
          return {
            id: match.id,
            name: fields.name ?? null,
            email: firstOf(fields.email, fields.email2, fields.email3),
            phone: firstOf(fields.phone, fields.phone2, fields.phone3),
            similarity: match.similarity,
            similarityText: percent(match.similarity),
            matchType: match.matchType,
            reason: match.reason,
            sharedKeys: matchKeysOf("stakeholder", fields).filter((key) => probeKeys.has(key)),
          };
        }),
      };
    });
    return { counts, probes, keysRefreshed };
  });

  return {
    project: { id: projectId, name: access.project.name, clientName: client?.name ?? null },
    counts,
    /** The match rules' own constants, as percentages: what the page says is what the matcher does. */
    rules: {
      nameThreshold: percent(NAME_SIMILARITY_THRESHOLD),
      email: percent(EMAIL_SIMILARITY),
      phone: percent(PHONE_SIMILARITY),
      household: `${percent(HOUSEHOLD_SIMILARITY)} to under ${percent(HOUSEHOLD_SIMILARITY + HOUSEHOLD_NAME_WEIGHT * NAME_SIMILARITY_THRESHOLD)}`,
      businessAddress: percent(BUSINESS_ADDRESS_THRESHOLD),
    },
    mode: typed ? ("typed" as const) : ("sample" as const),
    query: { name: query.name, email: query.email, phone: query.phone },
    sample: { offset: typed ? 0 : query.sample, size: DEBUG_SAMPLE_SIZE },
    keysRefreshed,
    probes,
  };
}

export type ImportDebugPageData = Awaited<ReturnType<typeof loadImportDebugPage>>;
