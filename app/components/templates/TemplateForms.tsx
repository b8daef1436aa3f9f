import { Form } from "@remix-run/react";
import { FormActions, ErrorSummary, fieldId, TextAreaField, TextField, useFormErrors, PanelDialog } from "~/components/kit";
import { blockOversizedFiles, FileField } from "~/components/documents/FileField";
import { TEMPLATE_ACCEPT } from "~/modules/document/file-types";
import { MAX_TEMPLATE_CATEGORY, MAX_TEMPLATE_DESCRIPTION, MAX_TEMPLATE_NAME, TEMPLATE_EDIT_FORM_ID, TEMPLATE_UPLOAD_FORM_ID } from "~/modules/template/template-fields";
import type { TemplateJson } from "~/modules/template/template.server";

export function UploadTemplatePanel({ closeTo }: { closeTo: string }) {
  const errors = useFormErrors(TEMPLATE_UPLOAD_FORM_ID);
  return (
    <PanelDialog id="upload-template" title="Upload Template" closeTo={closeTo}>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ file: fieldId(`${TEMPLATE_UPLOAD_FORM_ID}-file`) }} />
      <Form method="post" encType="multipart/form-data" noValidate onSubmit={blockOversizedFiles}>
        <input type="hidden" name="intent" value="upload" />
        <FileField label="File" hint="PDF, Word (.doc, .docx), text or Excel (.xls, .xlsx), up to 50MB." accept={TEMPLATE_ACCEPT} formId={TEMPLATE_UPLOAD_FORM_ID} required />
        <TextField name="templateName" label="Template name" required formId={TEMPLATE_UPLOAD_FORM_ID} maxLength={MAX_TEMPLATE_NAME} />
        <TextAreaField name="templateDescription" label="Description (optional)" formId={TEMPLATE_UPLOAD_FORM_ID} maxLength={MAX_TEMPLATE_DESCRIPTION} />
        <TextField name="category" label="Category (optional)" formId={TEMPLATE_UPLOAD_FORM_ID} maxLength={MAX_TEMPLATE_CATEGORY} />
        <TextField name="tags" label="Tags (optional)" hint="Separate tags with commas." formId={TEMPLATE_UPLOAD_FORM_ID} maxLength={1100} />
        <FormActions submitLabel="Upload Template" cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}

export function EditTemplatePanel({ template, closeTo }: { template: TemplateJson; closeTo: string }) {
  const errors = useFormErrors(TEMPLATE_EDIT_FORM_ID);
  return (
    <PanelDialog id="edit-template" title={`Edit Template: ${template.templateName}`} closeTo={closeTo}>
      <p className="field__hint">Fields left blank keep their current values.</p>
      <ErrorSummary errors={errors?.fieldErrors} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={template.id} />
        <TextField name="templateName" label="Template name" hint={`Current: ${template.templateName}`} formId={TEMPLATE_EDIT_FORM_ID} maxLength={MAX_TEMPLATE_NAME} />
        <TextAreaField
          name="templateDescription"
          label="Description"
          hint={`Current: ${template.templateDescription || "No description provided"}`}
          formId={TEMPLATE_EDIT_FORM_ID}
          maxLength={MAX_TEMPLATE_DESCRIPTION}
        />
        <TextField name="category" label="Category" hint={`Current: ${template.category || "none"}`} formId={TEMPLATE_EDIT_FORM_ID} maxLength={MAX_TEMPLATE_CATEGORY} />
        <TextField name="tags" label="Tags" hint={`Current: ${template.tags.join(", ") || "none"}. Separate tags with commas.`} formId={TEMPLATE_EDIT_FORM_ID} maxLength={1100} />
        <FormActions submitLabel="Save Template" cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}

export function DeleteTemplatePanel({ template, closeTo }: { template: TemplateJson; closeTo: string }) {
  return (
    <PanelDialog id="delete-template" title="Delete Template" closeTo={closeTo}>
      <p>Are you sure you want to delete this template?</p>
      <p>
        <strong>{template.templateName}</strong> ({template.originalFileName})
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={template.id} />
        <FormActions submitLabel="Delete Template" cancelTo={closeTo} danger />
      </Form>
    </PanelDialog>
  );
}
