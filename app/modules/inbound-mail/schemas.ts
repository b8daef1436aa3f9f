import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { toBoolean } from "~/utils/form-fields";
import { normaliseDomain } from "./address";

/**
 * The inbound e-mail forms (docs/inbound-mail.md): the project's settings and the review inbox's
 * accept and reject, shared by the page actions and their /api twins.
 */
export const MAX_LISTED_DOMAINS = 100;

/** Domains one per line or separated by commas/spaces; each normalised, duplicates dropped. */
const domainList = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join("\n") : (v ?? "")),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(10_000, `${label} is too long`)
      .transform((text, ctx) => {
        const entries = text.split(/[\s,;]+/).filter(Boolean);
        const bad = entries.filter((entry) => !normaliseDomain(entry));
        if (bad.length) ctx.addIssue({ code: "custom", message: `${label}: "${bad[0]}" is not a domain name, for example farm.example.com` });
        const domains = [...new Set(entries.map(normaliseDomain).filter((d): d is string => d !== null))];
        if (domains.length > MAX_LISTED_DOMAINS) ctx.addIssue({ code: "custom", message: `${label} may hold at most ${MAX_LISTED_DOMAINS} domains` });
        return domains;
      }),
  );

export const InboundSettingsSchema = z
  .object({
    allowedDomains: domainList("Allowed domains"),
    blockedDomains: domainList("Blocked domains"),
    confirmReply: z.preprocess((v) => (v === undefined ? false : toBoolean(v)), z.boolean({ invalid_type_error: "Confirmation reply must be on or off" })),
  })
  .superRefine((value, ctx) => {
    const both = value.allowedDomains.find((d) => value.blockedDomains.includes(d));
    if (both) ctx.addIssue({ code: "custom", path: ["blockedDomains"], message: `${both} cannot be both allowed and blocked` });
  });
export type InboundSettingsInput = z.output<typeof InboundSettingsSchema>;
export const inboundSettingsValidator = withZod(InboundSettingsSchema);

const messageId = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : Number(v)),
  z.number({ required_error: "Message not found", invalid_type_error: "Message not found" }).int().positive().max(2_147_483_647, "Message not found"),
);

export const CHOOSE_STAKEHOLDER = "Choose the stakeholder to record it on, or create one";

/**
 * Accepting a message from review: record it on an existing stakeholder, or on a new one (name, and
 * the e-mail address to keep for it; the sender's by default).
 */
export const ReviewAcceptSchema = z
  .object({
    inboundMessageId: messageId,
    stakeholder: z.preprocess((v) => (v === "" || v === null || v === undefined ? undefined : v), z.enum(["existing", "new"], { errorMap: () => ({ message: CHOOSE_STAKEHOLDER }) })),
    stakeholderId: z.preprocess(
      (v) => (v === "" || v === null || v === undefined ? null : Number(v)),
      z.number({ invalid_type_error: CHOOSE_STAKEHOLDER }).int().positive().max(2_147_483_647, "Stakeholder not found").nullable(),
    ),
    newStakeholderName: z.preprocess((v) => (typeof v === "string" ? v.trim() || null : (v ?? null)), z.string().max(200, "Name must be 200 characters or fewer").nullable()),
    newStakeholderEmail: z.preprocess((v) => (typeof v === "string" ? v.trim() || null : (v ?? null)), z.string().email("Enter a real e-mail address").max(254).nullable()),
  })
  .superRefine((value, ctx) => {
    if (value.stakeholder === "existing" && !value.stakeholderId) ctx.addIssue({ code: "custom", path: ["stakeholderId"], message: CHOOSE_STAKEHOLDER });
    if (value.stakeholder === "new" && !value.newStakeholderName) ctx.addIssue({ code: "custom", path: ["newStakeholderName"], message: "Enter the new stakeholder's name" });
  })
  .transform((value) =>
    value.stakeholder === "existing"
      ? { inboundMessageId: value.inboundMessageId, stakeholderId: value.stakeholderId! }
      : { inboundMessageId: value.inboundMessageId, newStakeholder: { name: value.newStakeholderName!, email: value.newStakeholderEmail } },
  );
export type ReviewAcceptInput = z.output<typeof ReviewAcceptSchema>;
export const reviewAcceptValidator = withZod(ReviewAcceptSchema);

export const ReviewRejectSchema = z.object({ inboundMessageId: messageId });
export type ReviewRejectInput = z.output<typeof ReviewRejectSchema>;
export const reviewRejectValidator = withZod(ReviewRejectSchema);
