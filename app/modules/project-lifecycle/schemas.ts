import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { parseDateText } from "~/modules/import/calendar-dates";
import { abnDigits, isValidAbn } from "./abn";
import {
  MAX_TEAM_MEMBERS,
  REQUIRED_MESSAGES,
  SECTORS,
  STARTUP_DEFAULTS,
  STATES,
  TEAM_MEMBER_PARTS,
  TERMS_OF_AGREEMENT,
  TERMS_OF_ENGAGEMENT,
  TIME_ZONES,
  type AustralianState,
  type Choice,
  type Sector,
  type TeamMember,
  type TermsOfAgreement,
  type TermsOfEngagement,
  type TimeZone,
} from "./startup-fields";
import { readChoice, readFlag } from "./startup-labels";

/**
 * The start-up form (part 1, docs/lifecycle.md#start-up-form): one schema for the /projects/new action and
 * POST /api/projects. It takes what a form posts (`teamMembers[0].name`, `settings.requireApproval`,
 * nested by remix-validated-form, or flat as readBody gives them) and JSON alike (teamMembers as an
 * array, or as a JSON text). Blank optional text becomes null.
 */

export const ABN_MESSAGE = "Enter a valid ABN: 11 digits, for example 51 824 753 556";
export const END_BEFORE_START_MESSAGE = "Estimated end date must be on or after the project start date";
export const TEAM_NAME_MESSAGE = "Enter the team member's name";
export const TOO_MANY_TEAM_MEMBERS_MESSAGE = `A project can have at most ${MAX_TEAM_MEMBERS} team members`;

const asText = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "number" ? String(value) : value);

const tooLong = (label: string, max: number) => `${label} must be ${max} characters or fewer`;

function requiredText(message: string, label: string, max = 200) {
  return z.preprocess(asText, z.string({ invalid_type_error: message }).trim().min(1, message).max(max, tooLong(label, max)));
}

function optionalText(label: string, max = 200) {
  return z
    .preprocess(
      asText,
      z
        .string({ invalid_type_error: `${label} must be text` })
        .trim()
        .max(max, tooLong(label, max)),
    )
    .transform((v) => v || null);
}

/** A calendar date as yyyy-mm-dd (a date input), or as written in Australia (03/02/2025); null when blank. */
function optionalDate(label: string) {
  return z
    .preprocess(asText, z.string({ invalid_type_error: `${label} must be a date` }).trim())
    .refine((v) => v === "" || parseDateText(v) !== null, `${label} must be a real date, for example 2025-02-03`)
    .transform((v) => (v ? parseDateText(v) : null));
}

/** One of the choices (by value, label or alias, in any case); `fallback` when blank. */
function choice<V extends string, F extends V | null>(choices: readonly Choice<V>[], message: string, fallback: F) {
  return z
    .preprocess(asText, z.string({ invalid_type_error: message }).trim())
    .refine((v) => v === "" || readChoice(choices, v) !== null, message)
    .transform((v) => (v ? (readChoice(choices, v) as V) : fallback));
}

/**
 * A checkbox. A form sends a hidden "false" before the box, so a ticked box posts ["false", "true"]
 * and an unticked one "false": the last value counts, and absent (a JSON caller that leaves it out)
 * means the default.
 */
function flag(fallback: boolean) {
  return z.preprocess(
    (v) => {
      const last = Array.isArray(v) ? v[v.length - 1] : v;
      if (last === undefined || last === null || last === "") return fallback;
      if (typeof last === "boolean") return last;
      return typeof last === "string" || typeof last === "number" ? (readFlag(String(last)) ?? last) : last;
    },
    z.boolean({ invalid_type_error: "Choose yes or no" }),
  );
}

const abn = z
  .preprocess(asText, z.string({ invalid_type_error: ABN_MESSAGE }).trim())
  .refine((v) => v === "" || isValidAbn(v), ABN_MESSAGE)
  .transform((v) => (v ? abnDigits(v) : null));

const PART_LIMITS = Object.fromEntries(TEAM_MEMBER_PARTS.map((part) => [part.key, part.maxLength])) as Record<keyof TeamMember, number>;

const teamMember = z.preprocess(
  (v) => v ?? {},
  z.object({
    name: optionalText("Team member name", PART_LIMITS.name),
    rate: optionalText("Rate", PART_LIMITS.rate),
    qualifications: optionalText("Qualifications", PART_LIMITS.qualifications),
  }),
);

const teamMembers = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      // A sparse array from a posted "teamMembers[99999].name" is cut before zod walks every hole.
      if (Array.isArray(v)) return v.length > MAX_TEAM_MEMBERS ? v.slice(0, MAX_TEAM_MEMBERS + 1) : v;
      if (typeof v !== "string") return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.array(teamMember, { invalid_type_error: "Team members must be a list" }).max(MAX_TEAM_MEMBERS, TOO_MANY_TEAM_MEMBERS_MESSAGE),
  )
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      if (!row.name && (row.rate || row.qualifications)) ctx.addIssue({ code: "custom", path: [i, "name"], message: TEAM_NAME_MESSAGE });
    });
  })
  // An empty row (the form's blank "add" row) is no team member.
  .transform((rows): TeamMember[] => rows.filter((row) => row.name).map((row) => ({ name: row.name!, rate: row.rate ?? "", qualifications: row.qualifications ?? "" })));

const settings = z.preprocess(
  (v) => v ?? {},
  z.object({
    allowPublicView: flag(STARTUP_DEFAULTS.settings.allowPublicView),
    requireApproval: flag(STARTUP_DEFAULTS.settings.requireApproval),
    defaultTimezone: choice(TIME_ZONES, "Choose a time zone from the list", STARTUP_DEFAULTS.settings.defaultTimezone as TimeZone),
  }),
);

const FLAT_TEAM_KEY = /^teamMembers\[(\d{1,3})\]\.(name|rate|qualifications)$/;
const FLAT_SETTINGS_KEY = /^settings\.(allowPublicView|requireApproval|defaultTimezone)$/;

/** Nests the flat names a form posts when the body was not read by remix-validated-form (readBody on /api). */
export function nestFormNames(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const flat = Object.entries(input as Record<string, unknown>);
  if (!flat.some(([key]) => FLAT_TEAM_KEY.test(key) || FLAT_SETTINGS_KEY.test(key))) return input;
  const nested: Record<string, unknown> = {};
  const rows: Record<string, unknown>[] = [];
  const settingsValues: Record<string, unknown> = {};
  for (const [key, value] of flat) {
    const team = FLAT_TEAM_KEY.exec(key);
    const setting = FLAT_SETTINGS_KEY.exec(key);
    if (team) {
      const index = Number(team[1]);
      // Indexes past the limit are left for the length check to refuse, not allocated.
      if (index > MAX_TEAM_MEMBERS) rows.length = Math.max(rows.length, MAX_TEAM_MEMBERS + 1);
      else (rows[index] ??= {})[team[2]!] = value;
    } else if (setting) settingsValues[setting[1]!] = value;
    else nested[key] = value;
  }
  if (rows.length) nested.teamMembers = Array.from(rows, (row) => row ?? {});
  if (Object.keys(settingsValues).length) nested.settings = settingsValues;
  return nested;
}

/**
 * End not before start, checked on what was posted (before the fields are parsed) so the message
 * comes with every other error at once: zod skips an object's refinements when a field fails.
 */
function checkDateOrder(input: unknown, ctx: z.RefinementCtx): unknown {
  const nested = nestFormNames(input);
  if (!nested || typeof nested !== "object") return nested;
  const { projectStartDate, estimatedEndDate } = nested as Record<string, unknown>;
  const start = typeof projectStartDate === "string" ? parseDateText(projectStartDate.trim()) : null;
  const end = typeof estimatedEndDate === "string" ? parseDateText(estimatedEndDate.trim()) : null;
  // yyyy-mm-dd strings compare as the dates they are.
  if (start && end && end < start) ctx.addIssue({ code: "custom", path: ["estimatedEndDate"], message: END_BEFORE_START_MESSAGE });
  return nested;
}

export const StartupFormSchema = z.preprocess(
  checkDateOrder,
  z.object({
    projectTitle: requiredText(REQUIRED_MESSAGES.projectTitle, "Project title"),
    projectNumber: optionalText("Project number", 50),
    clientName: requiredText(REQUIRED_MESSAGES.clientName, "Client name"),
    clientABN: abn,
    clientProjectManager: requiredText(REQUIRED_MESSAGES.clientProjectManager, "Client project manager"),
    clientPhone: optionalText("Client phone", 50),
    cncProjectManager: requiredText(REQUIRED_MESSAGES.cncProjectManager, "CNC project manager"),
    leadBusinessUnit: requiredText(REQUIRED_MESSAGES.leadBusinessUnit, "Lead business unit"),
    projectStartDate: optionalDate("Project start date"),
    estimatedEndDate: optionalDate("Estimated end date"),
    sector: choice<Sector, Sector | null>(SECTORS, "Choose a sector from the list", null),
    region: optionalText("Region", 100),
    state: choice<AustralianState, AustralianState | null>(STATES, "Choose a state from the list", null),
    teamMembers,
    termsOfAgreement: choice<TermsOfAgreement, TermsOfAgreement>(TERMS_OF_AGREEMENT, "Choose the terms of agreement from the list", STARTUP_DEFAULTS.termsOfAgreement),
    termsOfEngagement: choice<TermsOfEngagement, TermsOfEngagement>(TERMS_OF_ENGAGEMENT, "Choose the terms of engagement from the list", STARTUP_DEFAULTS.termsOfEngagement),
    additionalComments: optionalText("Additional comments", 5000),
    settings,
  }),
);

export type StartupFormValues = z.infer<typeof StartupFormSchema>;

export const startupFormValidator = withZod(StartupFormSchema);
