/** Field coercions the zod form schemas share: form posts and /api JSON bodies read the same way. */
import { z } from "zod";

/** Trims strings; blank strings become null. Other values pass through for zod to judge. */
export const blankToNull = (value: unknown) => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
};

/** Checkbox and JSON booleans: "on"/"true"/true → true; "false"/false/"" → false. */
export const toBoolean = (value: unknown) => {
  if (value === true || value === "on" || value === "true" || value === "1") return true;
  if (value === false || value === "false" || value === "0" || value === "" || value === null) return false;
  return value;
};

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(max, `${label} must be ${max} characters or fewer`)
      .nullable()
      .optional(),
  );
