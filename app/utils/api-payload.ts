import type { z } from "zod";
import { AppError } from "~/utils/app-error";

/** Parses an /api payload with the same zod schema as the page form; 400 with per-field messages. */
export function parseApiPayload<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fieldErrors[key] ??= issue.message;
  }
  throw new ApiValidationError(fieldErrors);
}

export class ApiValidationError extends AppError {
  constructor(public readonly fieldErrors: Record<string, string>) {
    super(400, Object.values(fieldErrors)[0] ?? "Invalid input");
  }
}
