import { Form, useNavigation } from "@remix-run/react";
import { Button, Card, Heading } from "~/components/radix";
import { blockOversizedFiles, FileField } from "~/components/documents/FileField";
import { ErrorSummary, fieldId, useFormErrors } from "~/components/kit";
import type { FormErrorData } from "~/utils/form-state";
import type { ImportType } from "~/modules/import/import-fields";
import { IMPORT_ACCEPT, IMPORT_TYPE_OPTIONS, INVALID_FILE_TITLE, UPLOAD_FORM_ID } from "~/modules/import/wizard";

const FILE_ID = fieldId(`${UPLOAD_FORM_ID}-file`);
const TYPE_ID = fieldId("importType");

/**
 * Step 1: what the file holds and the file itself, as a plain multipart POST to /import (works
 * without JavaScript). The import type comes first so the server has it before the file streams in.
 */
export function UploadForm({ importType }: { importType: ImportType }) {
  const errors = useFormErrors(UPLOAD_FORM_ID);
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formAction === "/import";
  const title = (errors as (FormErrorData & { title?: string }) | null)?.title;
  const typeError = errors?.fieldErrors.importType;
  const submittedType = errors?.repopulateFields?.importType;
  const chosen = typeof submittedType === "string" && submittedType ? submittedType : importType;
  return (
    <Card asChild size="3">
      <section aria-labelledby="upload-file-title">
        <Heading as="h2" size="5" id="upload-file-title">
          Upload a file
        </Heading>
        <ErrorSummary
          errors={errors?.fieldErrors}
          title={errors?.fieldErrors.file ? (title ?? INVALID_FILE_TITLE) : undefined}
          fieldIds={{ file: FILE_ID, importType: `${TYPE_ID}-${IMPORT_TYPE_OPTIONS[0].value}`, _form: FILE_ID }}
        />
        <Form method="post" action="/import" encType="multipart/form-data" noValidate onSubmit={blockOversizedFiles} className="stack">
          <fieldset className={`form-section field${typeError ? " field--error" : ""}`} aria-describedby={typeError ? `${TYPE_ID}-error` : undefined}>
            <legend className="field__label">What does the file contain?</legend>
            {typeError ? (
              <p id={`${TYPE_ID}-error`} className="field__error">
                <span className="visually-hidden">Error: </span>
                {typeError}
              </p>
            ) : null}
            <ul className="radio-list">
              {IMPORT_TYPE_OPTIONS.map((option) => (
                <li key={option.value}>
                  <input type="radio" id={`${TYPE_ID}-${option.value}`} name="importType" value={option.value} defaultChecked={option.value === chosen} />{" "}
                  <label htmlFor={`${TYPE_ID}-${option.value}`}>{option.label}</label>
                </li>
              ))}
            </ul>
          </fieldset>
          <FileField
            label="File"
            hint="CSV, Excel (.xlsx, .xls) or PDF, up to 50MB; the first non-empty row holds the column names. Parcels: GeoJSON, a zipped shapefile or KML."
            accept={IMPORT_ACCEPT}
            formId={UPLOAD_FORM_ID}
            required
          />
          <div>
            <Button type="submit" size="3" disabled={uploading || undefined}>
              {uploading ? "Uploading..." : "Upload and continue"}
            </Button>
          </div>
        </Form>
      </section>
    </Card>
  );
}
