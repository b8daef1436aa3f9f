/**
 * The rules of the public grievance form (docs/records.md#public-grievance-form), without the database:
 * the form's schema, how a submission becomes a grievance's fields, the form's address token, the
 * per-address limit and the dates' wording. Safe in the browser; the tokens and signatures are in
 * public-intake-signing.server.ts.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { blankToNull, optionalText } from "~/utils/form-fields";
import type { CalendarDate } from "~/modules/calendar/today";

export const PUBLIC_FORM_ID = "public-grievance-form";

/**
 * The honeypot: a text box people never see (visually hidden, aria-hidden, out of the tab order) with
 * a name form-filling robots cannot resist. A submission that fills it looks accepted and creates nothing.
 */
export const HONEYPOT_FIELD = "website";

export const PUBLIC_LIMITS = { name: 200, email: 254, phone: 30, location: 500, whatHappened: 5_000 } as const;

/** Shown as the complainant's name when only contact details were given (the register keeps anonymous for "no contact at all"). */
export const NAME_NOT_GIVEN = "Name not given";

const PHONE = /^\+?[0-9 ()-]{6,30}$/;

export const PublicGrievanceSchema = z
  .object({
    name: optionalText("Your name", PUBLIC_LIMITS.name),
    email: z.preprocess(
      blankToNull,
      z
        .string({ invalid_type_error: "Enter an e-mail address, like name@example.com" })
        .max(PUBLIC_LIMITS.email, `E-mail address must be ${PUBLIC_LIMITS.email} characters or fewer`)
        .email("Enter an e-mail address in the correct format, like name@example.com")
        .nullable()
        .optional(),
    ),
    phone: z.preprocess(
      blankToNull,
      z
        .string({ invalid_type_error: "Enter a phone number" })
        .regex(PHONE, "Enter a phone number using digits, spaces, brackets, hyphens and an optional + at the start")
        .refine((v) => v.replace(/\D/g, "").length >= 6, "Enter a phone number with at least 6 digits")
        .nullable()
        .optional(),
    ),
    location: optionalText("Location or property", PUBLIC_LIMITS.location),
    whatHappened: z.preprocess(
      blankToNull,
      z
        .string({ required_error: "Tell us what happened", invalid_type_error: "Tell us what happened" })
        .max(PUBLIC_LIMITS.whatHappened, `What happened must be ${PUBLIC_LIMITS.whatHappened.toLocaleString("en-AU")} characters or fewer`),
    ),
    [HONEYPOT_FIELD]: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
  })
  .transform((data) => ({
    name: data.name ?? null,
    email: data.email ? data.email.toLowerCase() : null,
    phone: data.phone ?? null,
    location: data.location ?? null,
    whatHappened: data.whatHappened,
    honeypotFilled: data[HONEYPOT_FIELD].trim() !== "",
  }));

export type PublicGrievanceInput = z.output<typeof PublicGrievanceSchema>;
export const publicGrievanceValidator = withZod(PublicGrievanceSchema);

/**
 * The grievance's fields from a submission: channel public form, category Other and severity Medium
 * until an officer triages it; the complainant is the person named (with their contact details), or
 * "Name not given" when only contact details came, or anonymous when neither did.
 */
export function publicGrievanceFields(input: PublicGrievanceInput) {
  const contact = [input.email ? `E-mail: ${input.email}` : null, input.phone ? `Phone: ${input.phone}` : null].filter(Boolean).join("; ") || null;
  const complainant =
    input.name || contact
      ? { complainantKind: "person" as const, complainantName: input.name ?? NAME_NOT_GIVEN, complainantContact: contact }
      : { complainantKind: "anonymous" as const, complainantName: null, complainantContact: null };
  const description = input.location ? `${input.whatHappened}\n\nLocation or property: ${input.location}` : input.whatHappened;
  return { channel: "public_form" as const, ...complainant, category: "other" as const, severity: "medium" as const, description };
}

/** What the confirmation page shows: the reference and the two dates, nothing that leads to the record. */
export interface Receipt {
  reference: string;
  acknowledgeBy: CalendarDate;
  resolveBy: CalendarDate;
  mailed: boolean;
}

/** Accepted submissions (honeypot ones included) per client address within the window. */
export const PUBLIC_FORM_LIMIT = { maxSubmissions: 5, windowSeconds: 60 * 60 } as const;

export function tooManySubmissionsMessage(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many grievances have been sent from your internet address in the last hour. Please try again in ${n} ${n === 1 ? "minute" : "minutes"}, or contact the project team another way.`;
}

const LONG_DATE = new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A calendar date in words, e.g. "Friday 4 December 2026". */
export function longDate(day: CalendarDate): string {
  const [y, m, d] = day.split("-").map(Number);
  return LONG_DATE.format(new Date(Date.UTC(y!, m! - 1, d!))).replace(",", "");
}

/** The plain-language "what happens next and by when" (the confirmation page and the receipt mail say the same). */
export function whatHappensNext(receipt: Pick<Receipt, "acknowledgeBy" | "resolveBy">): string[] {
  return [
    `We will acknowledge your grievance by ${longDate(receipt.acknowledgeBy)}.`,
    `We aim to resolve it by ${longDate(receipt.resolveBy)}. If it needs longer, we will tell you why and when to expect an answer.`,
    "Both dates count working days only: weekends and public holidays are not counted, and anything received at 5 pm or later counts from the next working day.",
  ];
}
