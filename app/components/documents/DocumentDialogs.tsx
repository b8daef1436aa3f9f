import { Form } from "@remix-run/react";
import { FormActions, ErrorSummary, SelectField, TextAreaField, TextField, useFormErrors, PanelDialog } from "~/components/kit";
import type { DocumentJson } from "~/modules/document/document.server";
import { EDIT_FORM_ID, MAX_DESCRIPTION_LENGTH } from "~/modules/document/document-fields";
import { CATEGORY_OPTIONS } from "./DocumentUploadForm";

/** ?edit=ID: the edit-notes dialog as a URL state. */
export function EditNotesPanel({ document, closeTo, back }: { document: DocumentJson; closeTo: string; back: string }) {
  const errors = useFormErrors(EDIT_FORM_ID);
  return (
    <PanelDialog id="edit-document" title={`Edit notes: ${document.original_file_name}`} closeTo={closeTo}>
      <ErrorSummary errors={errors?.fieldErrors} />
      <Form method="post" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={document.id} />
        <input type="hidden" name="back" value={back} />
        <TextAreaField name="description" label="Description" hint="Leave blank to remove it." defaultValue={document.description} formId={EDIT_FORM_ID} maxLength={MAX_DESCRIPTION_LENGTH} />
        <SelectField name="category" label="Category" options={CATEGORY_OPTIONS} placeholder="No category" defaultValue={document.category} formId={EDIT_FORM_ID} />
        <TextField name="tags" label="Tags" hint="Separate tags with commas." defaultValue={document.tags.join(", ")} formId={EDIT_FORM_ID} maxLength={1100} />
        <FormActions submitLabel="Save notes" cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}

/** ?delete=ID: the confirmation as a URL state with a POST form. */
export function DeleteDocumentPanel({ document, closeTo, back }: { document: DocumentJson; closeTo: string; back: string }) {
  return (
    <PanelDialog id="delete-document" title="Delete document" closeTo={closeTo}>
      <p>
        Are you sure you want to delete <strong>{document.original_file_name}</strong>? The file is removed permanently.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={document.id} />
        <input type="hidden" name="back" value={back} />
        <FormActions submitLabel="Delete document" cancelTo={closeTo} danger />
      </Form>
    </PanelDialog>
  );
}
