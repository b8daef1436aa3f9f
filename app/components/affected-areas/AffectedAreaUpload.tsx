import { Form } from "@remix-run/react";
import { Button, Card, Heading } from "~/components/radix";
import { ErrorSummary, fieldId, SelectField, TextField, useFormErrors } from "~/components/kit";
import { blockOversizedFiles, FileField } from "~/components/documents/FileField";
import { AFFECTED_AREA_FORM_ID, MAX_AFFECTED_AREA_NAME } from "~/modules/affected-areas/schemas";

const ACCEPT = ".geojson,.json,.zip,.kml,.kmz";

/** The upload form (docs/records.md#affected-areas): a plain multipart form, so it works without JavaScript. */
export function AffectedAreaUpload({ crsChoices }: { crsChoices: { value: string; label: string }[] }) {
  const errors = useFormErrors(AFFECTED_AREA_FORM_ID);
  return (
    <Card asChild>
      <section aria-labelledby="upload-affected-area-title">
        <Heading as="h2" size="4" id="upload-affected-area-title">
          Upload an affected area
        </Heading>
        <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ file: fieldId(`${AFFECTED_AREA_FORM_ID}-file`) }} />
        <Form method="post" encType="multipart/form-data" noValidate onSubmit={blockOversizedFiles}>
          <TextField name="name" label="Name" hint="For example: Pipeline construction corridor." required formId={AFFECTED_AREA_FORM_ID} maxLength={MAX_AFFECTED_AREA_NAME} />
          <FileField
            label="File"
            hint="A polygon (the corridor or easement itself) or a centre line: GeoJSON, a zipped shapefile (.shp, .dbf, .prj in one .zip) or KML, up to 50MB."
            accept={ACCEPT}
            formId={AFFECTED_AREA_FORM_ID}
            required
          />
          <TextField
            name="widthMetres"
            label="Width in metres (centre line only)"
            hint="The full width of the corridor, half on each side of the line. Leave empty for a polygon."
            formId={AFFECTED_AREA_FORM_ID}
          />
          <SelectField
            name="crs"
            label="Coordinate system"
            hint="Read from the file (.prj, GeoJSON crs; KML is WGS84). Choose one only when the file does not say."
            options={crsChoices}
            placeholder="As the file says"
            formId={AFFECTED_AREA_FORM_ID}
          />
          <Button type="submit">Upload affected area</Button>
        </Form>
      </section>
    </Card>
  );
}
