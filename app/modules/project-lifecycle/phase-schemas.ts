import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { ADDITIONAL_COMMENTS, COMMENTS_MAX, DEFAULT_ANSWER, DETAILS_MAX, detailsKey, PHASE_QUESTIONS, type Answer, type FormPhase, type PhaseValues } from "./phase-fields";

/**
 * The planning (part 2) and closure (part 3) forms (docs/lifecycle.md#planning-and-closure-forms): one schema per phase, shared by
 * the /projects/{id}/phases/{phase} action and POST /api/projects/{id}/{phase}. Every question is
 * Yes or No; one left out is No (the spec's default). A form posts "yes"/"no"; a JSON caller may also
 * send true/false or "Yes"/"No". Details and comments are optional text with a length limit; blank
 * becomes null. Fields the form does not have (projectId, intent) are ignored.
 */

/** A repeated field (a hand-made form, or readBody's list for a key sent twice) counts by its last value. */
const last = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

function readAnswer(value: unknown): unknown {
  const v = last(value);
  if (v === undefined || v === null || v === "") return DEFAULT_ANSWER;
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v !== "string") return v;
  const word = v.trim().toLowerCase();
  if (word === "yes" || word === "true") return "yes";
  if (word === "no" || word === "false") return "no";
  return v;
}

export const answerMessage = (topic: string) => `Select yes or no for ${topic}`;

const answer = (topic: string) => z.preprocess(readAnswer, z.enum(["yes", "no"] as const satisfies readonly Answer[], { errorMap: () => ({ message: answerMessage(topic) }) }));

const tooLong = (what: string, max: number) => `${what} must be ${max.toLocaleString("en-AU")} characters or fewer`;

export const detailsTooLongMessage = (topic: string) => tooLong(`Details of ${topic}`, DETAILS_MAX);

function optionalText(what: string, max: number) {
  return z.preprocess(
    (value) => {
      const v = last(value);
      return v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v;
    },
    z
      .string({ invalid_type_error: `${what} must be text` })
      .trim()
      .max(max, tooLong(what, max))
      .transform((v) => v || null),
  );
}

function phaseSchema(phase: FormPhase) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const { key, topic } of PHASE_QUESTIONS[phase]) {
    shape[key] = answer(topic);
    shape[detailsKey(key)] = optionalText(`Details of ${topic}`, DETAILS_MAX);
  }
  shape[ADDITIONAL_COMMENTS] = optionalText("Additional comments", COMMENTS_MAX);
  // The key order of the stored values follows the form (zod keeps the shape's order).
  return z.object(shape) as unknown as z.ZodType<PhaseValues, z.ZodTypeDef, unknown>;
}

export const PlanningFormSchema = phaseSchema("planning");
export const ClosureFormSchema = phaseSchema("closure");

export const PHASE_SCHEMAS: Record<FormPhase, z.ZodType<PhaseValues, z.ZodTypeDef, unknown>> = { planning: PlanningFormSchema, closure: ClosureFormSchema };

const validators = { planning: withZod(PlanningFormSchema), closure: withZod(ClosureFormSchema) };

export const phaseValidator = (phase: FormPhase) => validators[phase];

/** The two buttons of a phase form (and the /api body's optional `intent`; its default is submit). */
export const PHASE_INTENTS = ["save", "submit"] as const;
export type PhaseIntent = (typeof PHASE_INTENTS)[number];

export function readPhaseIntent(value: unknown, fallback: PhaseIntent | null = null): PhaseIntent | null {
  const v = last(value);
  if (v === undefined || v === null || v === "") return fallback;
  return (PHASE_INTENTS as readonly unknown[]).includes(v) ? (v as PhaseIntent) : null;
}

export const phaseFormId = (phase: FormPhase) => `${phase}-form`;
