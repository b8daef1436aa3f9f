import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { DANGER_ACTION_NAMES, type DangerAction } from "./danger-zone";

/** What can be normalised (POST /api/database/normalize-text's dataType; the three buttons). */
export const NORMALIZE_TYPES = ["stakeholders", "properties", "all"] as const;
export type NormalizeType = (typeof NORMALIZE_TYPES)[number];

/** The record types of Individual Record Management (docs/administration.md#record-search) and of DELETE /api/{recordType}/{id}. */
export const RECORD_TYPES = ["stakeholders", "properties", "engagements", "grievances", "commitments"] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const NormalizeSchema = z.object({
  dataType: z.enum(NORMALIZE_TYPES, { errorMap: () => ({ message: "Choose stakeholders, properties or all" }) }),
});

/** The typed confirmation of a Danger Zone action; whether it is the right text is the server module's check. */
export const DangerConfirmationSchema = z.object({
  confirmation: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(100)),
});

export const DANGER_FORM_ID = "danger-form";
export const dangerValidator = withZod(DangerConfirmationSchema);

export const DangerActionSchema = z.enum(DANGER_ACTION_NAMES as [DangerAction, ...DangerAction[]]);

export const RecordTypeSchema = z.enum(RECORD_TYPES);

/** Record search needs at least 3 characters (results only when longer than 2; docs/administration.md#record-search). */
export const MIN_SEARCH_LENGTH = 3;

/** The restore confirmation's form (the typed project name; whether it matches is the server module's check). */
export const RESTORE_FORM_ID = "restore-form";
