import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { blankToNull } from "~/utils/form-fields";
import { CRS_CHOICES } from "~/modules/parcels/crs";
import { CORRIDOR_LIMITS } from "~/modules/parcels/corridor-file";

/**
 * The affected-area upload form's text fields (docs/records.md#affected-areas), shared by the /affected-areas
 * page and POST /api/affected-areas (multipart; the file is the `file` part). The width is for a centre line
 * only; whether one is needed is known once the file is read (corridor-file.ts).
 */
export const AFFECTED_AREA_FORM_ID = "affected-area-upload";
export const MAX_AFFECTED_AREA_NAME = 200;
const CRS_CODES = CRS_CHOICES.map((crs) => crs.code) as [string, ...string[]];

export const AffectedAreaUploadSchema = z.object({
  name: z.preprocess(
    blankToNull,
    z
      .string({ required_error: "Enter a name for the affected area", invalid_type_error: "Enter a name for the affected area" })
      .max(MAX_AFFECTED_AREA_NAME, `Name must be ${MAX_AFFECTED_AREA_NAME} characters or fewer`),
  ),
  widthMetres: z
    .preprocess(
      (v) => {
        const blank = blankToNull(v);
        return typeof blank === "string" ? Number(blank.replace(/\s*m$/i, "")) : blank;
      },
      z
        .number({ invalid_type_error: "Width must be a number of metres, for example 40" })
        .positive("Width must be more than 0 metres")
        .max(CORRIDOR_LIMITS.maxWidthMetres, `Width must be at most ${CORRIDOR_LIMITS.maxWidthMetres.toLocaleString("en-AU")} metres`)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  crs: z
    .preprocess(
      blankToNull,
      z
        .enum(CRS_CODES, { errorMap: () => ({ message: "Choose a coordinate system from the list" }) })
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
});

export type AffectedAreaUpload = z.infer<typeof AffectedAreaUploadSchema>;
export const affectedAreaUploadValidator = withZod(AffectedAreaUploadSchema);
