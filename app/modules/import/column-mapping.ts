/**
 * Column mapping of the import wizard (docs/import.md#mapping): the automatic first guess for a file's
 * headers, and the check of what the user finally chose. Pure, so the mapping step, the /api route and
 * the job all agree.
 */
import { synonymTable } from "./column-synonyms";
import { CREATE_NEW_FIELD, CUSTOM_PREFIX, customField, importField, importFields, SKIP, type ImportField, type ImportType } from "./import-fields";

// ---------------------------------------------------------------------------------------------------
// Header normalisation

/** "owners" and "owner" are the same word in a header; short words ("has", "gis") are left alone. */
function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (/(sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

/** The words of a header or field name: camelCase and letter/digit runs split, accents, case, punctuation and plurals dropped. */
export function headerWords(text: string): string[] {
  return rawWords(text).map(singular);
}

function literalHeader(text: string): string {
  return rawWords(text).join("");
}

function rawWords(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
      .replace(/([a-zA-Z])(\d)/g, "$1 $2")
      .replace(/(\d)([a-zA-Z])/g, "$1 $2")
      .toLowerCase()
      .replace(/&/g, " and ")
      // "E-mail", "e mail" and "email" are one word, or "E-mail Address" would not meet "Email Address".
      .replace(/\be[\s._-]?mail/g, "email")
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
  );
}

/** A header for exact comparison: "E-mail Address", "email_address" and "EmailAddresses" all give "emailaddress". */
export function normaliseHeader(text: string): string {
  return headerWords(text).join("");
}

// ---------------------------------------------------------------------------------------------------
// Automatic mapping

export type MatchKind = "exact" | "synonym" | "partial" | "none";

export interface AutoMapping {
  index: number;
  column: string;
  /** A field key, SKIP, or "custom:Name". */
  target: string;
  matchedBy: MatchKind;
}

/**
 * Partial containment needs the shared part to be at least this long, so "id", "no" or "lot" inside a
 * longer header does not decide anything ("name" and "area" still do).
 */
export const MIN_PARTIAL_LENGTH = 4;

interface Name {
  target: string;
  kind: "exact" | "synonym";
  words: string[];
  joined: string;
  /** Joined without dropping plurals: "Proprietors" must find proprietors before proprietor. */
  literal: string;
}

interface Candidate {
  target: string;
  kind: Exclude<MatchKind, "none">;
  /** Higher is better: [tier, head, length]. */
  rank: [number, number, number];
}

const namesCache = new Map<ImportType, Name[]>();

function namesFor(type: ImportType): Name[] {
  let names = namesCache.get(type);
  if (names) return names;
  const make = (target: string, kind: Name["kind"], text: string): Name => {
    const words = headerWords(text);
    return { target, kind, words, joined: words.join(""), literal: literalHeader(text) };
  };
  names = [];
  for (const field of importFields(type)) {
    for (const text of field.matchNames ?? [field.key, field.label]) names.push(make(field.key, "exact", text));
  }
  for (const [target, spellings] of Object.entries(synonymTable(type))) {
    for (const text of spellings) names.push(make(target, "synonym", text));
  }
  namesCache.set(type, names);
  return names;
}

/** Where `inner` occurs as whole words inside `outer`: the index after its last word, or -1. */
function wordsEnd(outer: string[], inner: string[]): number {
  for (let start = 0; start + inner.length <= outer.length; start++) {
    if (inner.every((word, i) => outer[start + i] === word)) return start + inner.length;
  }
  return -1;
}

/**
 * A header and a name share a run of whole words, one inside the other. A match on the container's
 * last words ranks first: a header's head noun says what it is ("Owner Phone" is a phone, not an
 * owner); then the longest shared part.
 */
function partialRank(header: string[], name: Name): [number, number] | null {
  const [outer, inner] = header.length >= name.words.length ? [header, name.words] : [name.words, header];
  const end = wordsEnd(outer, inner);
  const length = inner.join("").length;
  if (end < 0 || length < MIN_PARTIAL_LENGTH) return null;
  return [end === outer.length ? 1 : 0, length];
}

const better = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/** The best target for one header: an exact name or label, else a synonym, else partial containment. */
function bestCandidate(type: ImportType, header: string): Candidate | null {
  const words = headerWords(header);
  const joined = words.join("");
  if (!joined) return null;
  const literal = literalHeader(header);
  const names = namesFor(type);
  for (const kind of ["exact", "synonym"] as const) {
    // Same tier, any length: of two "Owner" and "Landholder" columns the first keeps the field.
    const hit = names.find((n) => n.kind === kind && n.literal === literal) ?? names.find((n) => n.kind === kind && n.joined === joined);
    if (hit) return { target: hit.target, kind, rank: [kind === "exact" ? 3 : 2, 1, 0] };
  }
  let best: Candidate | null = null;
  for (const name of names) {
    const rank = partialRank(words, name);
    if (!rank) continue;
    const candidate: Candidate = { target: name.target, kind: "partial", rank: [1, ...rank] };
    // Ties keep the earlier name: fields in screen order, then synonyms.
    if (!best || better(candidate.rank, best.rank)) best = candidate;
  }
  return best;
}

/**
 * The automatic mapping of a file's headers. Each column gets its best target; a target two columns
 * want goes to the better match (then the first column), and the others are left on Skip, so no field
 * is filled twice without the user choosing it.
 */
export function autoMapColumns(type: ImportType, headers: readonly string[]): AutoMapping[] {
  const candidates = headers.map((header) => bestCandidate(type, header));
  const winner = new Map<string, number>();
  candidates.forEach((candidate, index) => {
    if (!candidate || candidate.target === SKIP) return;
    const held = winner.get(candidate.target);
    if (held === undefined || better(candidate.rank, candidates[held]!.rank)) winner.set(candidate.target, index);
  });
  return headers.map((column, index) => {
    const candidate = candidates[index];
    if (!candidate || candidate.target === SKIP || winner.get(candidate.target) !== index) return { index, column, target: SKIP, matchedBy: "none" };
    return { index, column, target: candidate.target, matchedBy: candidate.kind };
  });
}

// ---------------------------------------------------------------------------------------------------
// The user's mapping

/** One column's choice as the mapping form posts it (or the /api `mapping` value, "custom:Name" included). */
export interface MappingChoice {
  /** "", SKIP, CREATE_NEW_FIELD, a field key, or "custom:Name". */
  target?: string | null;
  /** The name typed beside "Create new field". */
  newFieldName?: string | null;
}

export interface MappedColumn {
  index: number;
  column: string;
  /** The field key, or "custom:Name". */
  target: string;
  field: ImportField;
}

export type MappingValidation = { ok: true; columns: MappedColumn[]; customNames: string[]; missingRequired: ImportField[] } | { ok: false; errors: Record<number, string>; formError: string | null };

export const CUSTOM_NAME_MAX = 100;
/** The stakeholder schema accepts at most 100 custom fields. */
export const CUSTOM_FIELDS_MAX = 100;
// These keys would reach an object's prototype when the commit builds customFields.
const RESERVED_NAMES = new Set(["__proto__", "constructor", "prototype"]);

export const MAPPING_MESSAGES = {
  noneMapped: "Map at least one column to a field before importing",
  newFieldName: "Enter a name for the new field",
  unknownField: "Choose a field from the list",
  tooManyCustom: `At most ${CUSTOM_FIELDS_MAX} custom fields`,
  nameTooLong: `Field name must be ${CUSTOM_NAME_MAX} characters or fewer`,
  reservedName: (name: string) => `Choose another name: '${name}' cannot be used`,
  existingField: (label: string) => `${label} is already a field: choose it from the list`,
  alreadyChosen: (label: string, column: string) => `${label} is already chosen for column '${column}': choose another field or Skip`,
} as const;

/** A custom field's name as stored: spaces collapsed, control characters dropped, trimmed. */
export function normaliseCustomName(name: string): string {
  return (
    name
      .normalize("NFC")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

type Parsed = { kind: "skip" } | { kind: "field"; field: ImportField } | { kind: "custom"; name: string } | { kind: "error"; message: string };

function parseChoice(type: ImportType, choice: MappingChoice | undefined): Parsed {
  const target = (choice?.target ?? "").trim();
  if (target === "" || target === SKIP) return { kind: "skip" };
  if (target === CREATE_NEW_FIELD || target.startsWith(CUSTOM_PREFIX)) {
    const raw = target === CREATE_NEW_FIELD ? (choice?.newFieldName ?? "") : target.slice(CUSTOM_PREFIX.length);
    const name = normaliseCustomName(raw);
    if (!name) return { kind: "error", message: MAPPING_MESSAGES.newFieldName };
    if (name.length > CUSTOM_NAME_MAX) return { kind: "error", message: MAPPING_MESSAGES.nameTooLong };
    if (RESERVED_NAMES.has(name)) return { kind: "error", message: MAPPING_MESSAGES.reservedName(name) };
    const same = importFields(type).find((f) => normaliseHeader(f.label) === normaliseHeader(name) || normaliseHeader(f.key) === normaliseHeader(name));
    if (same) return { kind: "error", message: MAPPING_MESSAGES.existingField(same.label) };
    return { kind: "custom", name };
  }
  const field = importField(type, target);
  return field ? { kind: "field", field } : { kind: "error", message: MAPPING_MESSAGES.unknownField };
}

/**
 * Checks the user's mapping (docs/import.md#mapping): at least one column not skipped, every "Create new field"
 * named, no target chosen for two columns. Errors are keyed by column index; `formError` is about the
 * mapping as a whole. A required field left unmapped is not an error (the spec enables Import without
 * it) but is reported, so the screen can warn that every row would be skipped.
 */
export function validateMapping(type: ImportType, columns: readonly string[], choices: readonly (MappingChoice | undefined)[]): MappingValidation {
  const errors: Record<number, string> = {};
  const mapped: MappedColumn[] = [];
  const chosenBy = new Map<string, number>();
  let notSkipped = 0;
  columns.forEach((column, index) => {
    const parsed = parseChoice(type, choices[index]);
    if (parsed.kind === "skip") return;
    notSkipped++;
    if (parsed.kind === "error") {
      errors[index] = parsed.message;
      return;
    }
    const target = parsed.kind === "field" ? parsed.field.key : `${CUSTOM_PREFIX}${parsed.name}`;
    const label = parsed.kind === "field" ? parsed.field.label : parsed.name;
    // Custom names differing only in case or spacing would become two keys that look like one field.
    const identity = parsed.kind === "field" ? target : `${CUSTOM_PREFIX}${normaliseHeader(parsed.name) || parsed.name}`;
    const first = chosenBy.get(identity);
    if (first !== undefined) {
      errors[index] = MAPPING_MESSAGES.alreadyChosen(label, columns[first] ?? "");
      return;
    }
    chosenBy.set(identity, index);
    mapped.push({ index, column, target, field: parsed.kind === "field" ? parsed.field : customField(parsed.name) });
  });
  const customNames = mapped.filter((m) => m.target.startsWith(CUSTOM_PREFIX)).map((m) => m.field.label);
  // A parcel is its shape: a file whose attributes are all skipped still imports (docs/import.md#parcels).
  const formError = notSkipped === 0 && type !== "parcels" ? MAPPING_MESSAGES.noneMapped : customNames.length > CUSTOM_FIELDS_MAX ? MAPPING_MESSAGES.tooManyCustom : null;
  if (formError || Object.keys(errors).length) return { ok: false, errors, formError };
  const targets = new Set(mapped.map((m) => m.target));
  const missingRequired = importFields(type).filter((f) => f.required && !targets.has(f.key));
  return { ok: true, columns: mapped, customNames, missingRequired };
}
