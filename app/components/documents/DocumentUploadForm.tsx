import { Form, useNavigation } from "@remix-run/react";
import { Button, Card, Grid, Heading } from "~/components/radix";
import { ErrorSummary, fieldId, SelectField, TextAreaField, TextField, useFormErrors } from "~/components/kit";
import { DOCUMENT_ACCEPT } from "~/modules/document/file-types";
import { CATEGORY_LABELS, DOCUMENT_CATEGORIES, MAX_DESCRIPTION_LENGTH, UPLOAD_FORM_ID } from "~/modules/document/document-fields";
import { blockOversizedFiles, FileField } from "./FileField";

export const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

type Option = { value: string; label: string };

/**
 * The upload form (plain multipart POST to /documents, so it works without JavaScript). On a record's
 * Documents tab the record is fixed by a hidden field and `returnTo` brings the user back there.
 */
export function DocumentUploadForm({
  stakeholders,
  properties,
  fixed,
  returnTo,
  headingLevel = 2,
}: {
  stakeholders?: Option[];
  properties?: Option[];
  fixed?: { stakeholderId: number } | { propertyId: number };
  returnTo?: string;
  headingLevel?: 2 | 3;
}) {
  const errors = useFormErrors(UPLOAD_FORM_ID);
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formAction === "/documents" && navigation.formEncType === "multipart/form-data";
  return (
    <Card asChild size="3" className="document-upload">
      <section aria-labelledby="upload-document-title">
        <Heading as={`h${headingLevel}`} size="4" id="upload-document-title">
          Upload Document
        </Heading>
        <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ file: fieldId(`${UPLOAD_FORM_ID}-file`) }} />
        <Form method="post" action="/documents" encType="multipart/form-data" noValidate onSubmit={blockOversizedFiles} className="document-upload__form">
          {/* Fields the server needs before the file part streams in come first. */}
          <input type="hidden" name="intent" value="upload" />
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          {fixed && "stakeholderId" in fixed ? <input type="hidden" name="stakeholderId" value={fixed.stakeholderId} /> : null}
          {fixed && "propertyId" in fixed ? <input type="hidden" name="propertyId" value={fixed.propertyId} /> : null}
          <FileField label="File" hint="PDF, Word, Excel, text, CSV or image (JPG, PNG, GIF, WebP), up to 50MB." accept={DOCUMENT_ACCEPT} formId={UPLOAD_FORM_ID} required />
          <Grid className="grid--2" gap="3">
            {stakeholders ? <SelectField name="stakeholderId" label="Stakeholder (optional)" options={stakeholders} placeholder="No stakeholder" formId={UPLOAD_FORM_ID} /> : null}
            {properties ? <SelectField name="propertyId" label="Property (optional)" options={properties} placeholder="No property" formId={UPLOAD_FORM_ID} /> : null}
            <SelectField name="category" label="Category (optional)" options={CATEGORY_OPTIONS} placeholder="No category" formId={UPLOAD_FORM_ID} />
            <TextField name="tags" label="Tags (optional)" hint="Separate tags with commas." formId={UPLOAD_FORM_ID} maxLength={1100} />
          </Grid>
          <TextAreaField name="description" label="Description (optional)" formId={UPLOAD_FORM_ID} maxLength={MAX_DESCRIPTION_LENGTH} />
          <Button type="submit">{uploading ? "Uploading..." : "Upload Document"}</Button>
        </Form>
      </section>
    </Card>
  );
}
