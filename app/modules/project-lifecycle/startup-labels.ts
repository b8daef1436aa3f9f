/**
 * Recognising the start-up form's fields in a filled-in form: a PDF field's name ("clientABN",
 * "Client ABN", "form1[0].page1[0].clientABN[0]") or a printed label ("Client ABN:", "Start Date
 * (dd/mm/yyyy)") is normalised and looked up among the catalogue's labels and synonyms, and the value
 * found is normalised to what the form's input takes (dates to yyyy-mm-dd, choices to their value,
 * checkboxes to "true"/"false", an ABN to its 11 digits). Pure: unit-tested without a PDF.
 */
import { parseDateText } from "~/modules/import/calendar-dates";
import { STARTUP_FIELDS, TEAM_MEMBER_PARTS, type Choice, type StartupField, type TeamMemberPart } from "./startup-fields";

/** Words written several ways on forms, each folded to one spelling. */
const WORD_FORMS: Record<string, string> = {
  no: "number",
  num: "number",
  nbr: "number",
  organization: "organisation",
  timezone: "time zone",
  tel: "telephone",
};

/**
 * Lower-case words separated by single spaces: camelCase and digits split off ("teamMember1Name" →
 * "team member 1 name"), accents, punctuation and required-field stars dropped, "&" read as "and",
 * "#" as "number".
 */
export function normaliseLabel(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/(\d)([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/#/g, " number ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return words
    .split(" ")
    .map((word) => WORD_FORMS[word] ?? word)
    .join(" ");
}

/**
 * The label without its parenthesised hints: "Start Date (dd/mm/yyyy)" → "Start Date". A bracket with
 * digits is kept: it is a value ("(03) 5832 0400") or an index ("teamMembers[0]"), not a hint.
 */
const withoutHints = (text: string) => text.replace(/\([^)\d]*\)|\[[^\]\d]*\]/g, " ");

function buildIndex(): Map<string, StartupField> {
  const index = new Map<string, StartupField>();
  for (const field of STARTUP_FIELDS) {
    const names = [field.key, field.key.replace(/^settings\./, ""), field.label, ...field.synonyms];
    for (const name of names) {
      const key = normaliseLabel(name);
      if (index.has(key) && index.get(key) !== field) throw new Error(`The start-up label "${name}" names two fields`);
      index.set(key, field);
    }
  }
  return index;
}

const FIELD_INDEX = buildIndex();

/** The catalogue field a label or field name stands for, or null. */
export function fieldForLabel(label: string): StartupField | null {
  for (const candidate of [label, withoutHints(label)]) {
    const found = FIELD_INDEX.get(normaliseLabel(candidate));
    if (found) return found;
  }
  return null;
}

/** Whether the label is one word: such labels ("Client", "State") only count with a separator after them. */
export const isOneWordLabel = (label: string) => !normaliseLabel(withoutHints(label)).includes(" ");

/**
 * The field a PDF form field's name stands for. Producers nest names ("form1[0].page1[0].clientABN[0]",
 * "StartUp.settings.allowPublicView"), so the whole name is tried, then its last part.
 */
export function fieldForFieldName(name: string): StartupField | null {
  const parts = name.split(".").map((part) => part.replace(/\[\d+\]$/, ""));
  return fieldForLabel(parts.join(".")) ?? fieldForLabel(parts.slice(-2).join(".")) ?? fieldForLabel(parts[parts.length - 1] ?? "");
}

const PART_INDEX = new Map<string, TeamMemberPart>(TEAM_MEMBER_PARTS.flatMap((part) => [part.key, part.label, ...part.synonyms].map((name) => [normaliseLabel(name), part.key] as const)));

/** The team-member column a table header names ("Hourly Rate" → rate), or null. */
export const teamColumnForHeader = (text: string): TeamMemberPart | null => PART_INDEX.get(normaliseLabel(withoutHints(text))) ?? null;

const PART_WORD = String.raw`(name|rate|qualifications?)`;
const TEAM_SLOT_PATTERNS = [
  new RegExp(String.raw`^(?:team )?members? (\d+) ${PART_WORD}$`),
  new RegExp(String.raw`^team (?:members? )?(\d+) ${PART_WORD}$`),
  new RegExp(String.raw`^team (?:members? )?${PART_WORD} (\d+)$`),
];

/** "teamMember2Rate", "teamMembers[1].rate", "Team Member 2 - Rate" → the row (as numbered) and the part. */
export function teamMemberSlot(name: string): { row: number; part: TeamMemberPart } | null {
  const text = normaliseLabel(name);
  for (const pattern of TEAM_SLOT_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [number, word] = /^\d+$/.test(match[1]!) ? [match[1]!, match[2]!] : [match[2]!, match[1]!];
    const part = (word.startsWith("qualification") ? "qualifications" : word) as TeamMemberPart;
    return { row: Number(number), part };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------------

/** One line of text, trimmed, with runs of white space (line breaks included) made one space. */
export const cleanText = (value: string, maxLength = 5000) => value.replace(/\s+/g, " ").trim().slice(0, maxLength).trim();

const TRUE_WORDS = new Set(["yes", "y", "true", "on", "checked", "ticked", "x", "1", "✓", "✔", "☑", "☒"]);
const FALSE_WORDS = new Set(["no", "n", "false", "off", "unchecked", "unticked", "0", "☐", "-", "n a"]);

/** A ticked or unticked box written as a word; null when the text says neither. */
export function readFlag(value: string): boolean | null {
  const text = value.trim().toLowerCase();
  const word = text.replace(/[^a-z0-9✓✔☑☒☐-]+/gu, " ").trim();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** The choice the text names (its value, label or an alias, in any case and spacing), or null. */
export function readChoice(choices: readonly Choice[], value: string): string | null {
  const text = normaliseLabel(value);
  if (!text) return null;
  const found = choices.find((choice) => [choice.value, choice.label, ...(choice.aliases ?? [])].some((name) => normaliseLabel(name) === text));
  return found?.value ?? null;
}

/** The ABN as its 11 digits when it has 11 (the checksum is the schema's business); otherwise the text as written, for the user to correct. */
export function readAbn(value: string): string | null {
  const text = cleanText(value, 50).replace(/^ABN\s*:?\s*/i, "");
  if (!text) return null;
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{11}$/.test(digits) ? digits : text;
}

/**
 * The value as the field's input takes it, or null when it cannot fill the input (an empty value, a
 * date that is not a real day, a choice the field does not offer). Checkboxes give "true" or "false".
 */
export function normaliseFieldValue(field: StartupField, raw: string): string | null {
  switch (field.type) {
    case "date":
      return parseDateText(cleanText(raw, 100));
    case "select":
      return readChoice(field.choices ?? [], cleanText(raw, 200));
    case "checkbox": {
      const flag = readFlag(raw);
      return flag === null ? null : String(flag);
    }
    case "abn":
      return readAbn(raw);
    case "textarea":
      return (
        raw
          .trim()
          .slice(0, field.maxLength ?? 5000)
          .trim() || null
      );
    default:
      return cleanText(raw, field.maxLength) || null;
  }
}

/** A team member's part as the form takes it. */
export function normaliseTeamValue(part: TeamMemberPart, raw: string): string {
  return cleanText(raw, TEAM_MEMBER_PARTS.find((p) => p.key === part)!.maxLength);
}
