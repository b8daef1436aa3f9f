import { Form, useNavigation } from "@remix-run/react";
import { Button, Text } from "~/components/radix";
import { ErrorSummary, fieldId, FormActions, PanelDialog, SelectField, TextAreaField, TextField, useFormErrors } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { GRIEVANCE_FORM } from "~/modules/grievances/form-ids";
import type { GrievanceFormChoices } from "~/modules/grievances/grievance-choices.server";
import { CATEGORY_OPTIONS, CHANNEL_OPTIONS, COMPLAINANT_KIND_LABELS, SEVERITY_OPTIONS } from "~/modules/grievances/labels";
import { GRIEVANCE_LIMITS } from "~/modules/grievances/limits";
import { GRIEVANCE_COMPLAINANT_KINDS } from "~db/entities/enums";

// The error summary links to the first radio, which carries the field's own id.
const kindId = (kind: string) => (kind === GRIEVANCE_COMPLAINANT_KINDS[0] ? fieldId("complainantKind") : `${fieldId("complainantKind")}-${kind}`);

/**
 * Record / edit a grievance (docs/records.md#grievance-form). The complainant's kind is a radio group;
 * every kind's fields are always rendered (the server keeps only the chosen kind's), so the form needs
 * no script. Stakeholders and properties are picked from at most `choices.limit` matches of the finder
 * above the form (a GET form), so a project with thousands of them still sends a short page.
 */
export function GrievanceForm({
  mode,
  values,
  choices,
  closeTo,
  keep,
}: {
  mode: "add" | "edit";
  values: Record<string, string>;
  choices: GrievanceFormChoices;
  closeTo: string;
  keep: Record<string, string>;
}) {
  const errors = useFormErrors(GRIEVANCE_FORM);
  const submitted = errors?.repopulateFields as Record<string, unknown> | undefined;
  const kind = typeof submitted?.complainantKind === "string" ? submitted.complainantKind : values.complainantKind;
  const version = typeof submitted?.version === "string" ? submitted.version : values.version;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === (mode === "add" ? "create" : "update");
  const kindError = errors?.fieldErrors.complainantKind;
  return (
    <PanelDialog id="grievance-form-panel" title={mode === "add" ? "Record a grievance" : "Edit grievance"} closeTo={closeTo} wide>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ [FORM_ERROR]: "grievance-form-panel-title" }} />
      <Form method="get" className="inline-form grievance-finder" aria-label="Find a stakeholder or property" preventScrollReset>
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField name="who" label="Find a stakeholder" hint={`Name; the list below shows up to ${choices.limit} matches`} defaultValue={choices.find.who} />
        <TextField name="where" label="Find a property" hint={`Address; up to ${choices.limit} matches`} defaultValue={choices.find.where} />
        <Button type="submit" variant="outline">
          Find
        </Button>
      </Form>
      <Form key={version ?? "new"} method="post" noValidate id={GRIEVANCE_FORM} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={mode === "add" ? "create" : "update"} />
        {mode === "edit" ? <input type="hidden" name="version" value={version} /> : null}
        <fieldset className="form-section">
          <legend>Received</legend>
          <div className="grid grid--2">
            <TextField
              formId={GRIEVANCE_FORM}
              name="receivedDate"
              label="Date received"
              type="date"
              required
              hint="In the project's time zone, for example 2026-03-31"
              defaultValue={values.receivedDate}
            />
            <TextField formId={GRIEVANCE_FORM} name="receivedTime" label="Time received" hint="24-hour, for example 14:30" defaultValue={values.receivedTime} />
          </div>
          <SelectField formId={GRIEVANCE_FORM} name="channel" label="How it was received" required options={CHANNEL_OPTIONS} placeholder="Select" defaultValue={values.channel} />
        </fieldset>
        <fieldset className={`form-section${kindError ? " field--error" : ""}`}>
          <legend>Who raised it</legend>
          <ul className="radio-list">
            {GRIEVANCE_COMPLAINANT_KINDS.map((k) => (
              <li key={k}>
                <input type="radio" id={kindId(k)} name="complainantKind" value={k} defaultChecked={kind === k} /> <label htmlFor={kindId(k)}>{COMPLAINANT_KIND_LABELS[k]}</label>
              </li>
            ))}
          </ul>
          <SelectField
            formId={GRIEVANCE_FORM}
            name="stakeholderId"
            label="Stakeholder"
            hint="When a stakeholder raised it"
            options={choices.stakeholders}
            placeholder="Select a stakeholder"
            defaultValue={values.stakeholderId}
          />
          <div className="grid grid--2">
            <TextField
              formId={GRIEVANCE_FORM}
              name="complainantName"
              label="Name"
              hint="When someone who is not a stakeholder raised it"
              defaultValue={values.complainantName}
              maxLength={GRIEVANCE_LIMITS.name}
            />
            <TextField
              formId={GRIEVANCE_FORM}
              name="complainantContact"
              label="Contact details"
              hint="Phone, e-mail or address (optional)"
              defaultValue={values.complainantContact}
              maxLength={GRIEVANCE_LIMITS.contact}
            />
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>The grievance</legend>
          <div className="grid grid--2">
            <SelectField formId={GRIEVANCE_FORM} name="category" label="Category" required options={CATEGORY_OPTIONS} placeholder="Select" defaultValue={values.category} />
            <SelectField formId={GRIEVANCE_FORM} name="severity" label="Severity" required options={SEVERITY_OPTIONS} placeholder="Select" defaultValue={values.severity} />
          </div>
          <SelectField formId={GRIEVANCE_FORM} name="propertyId" label="Property" hint="Optional" options={choices.properties} placeholder="No property" defaultValue={values.propertyId} />
          <TextAreaField formId={GRIEVANCE_FORM} name="description" label="Description" required rows={5} defaultValue={values.description} maxLength={GRIEVANCE_LIMITS.description} />
          <SelectField
            formId={GRIEVANCE_FORM}
            name="ownerId"
            label="Owner"
            hint="The project member who looks after it"
            options={choices.owners}
            placeholder="Unassigned"
            defaultValue={values.ownerId}
          />
        </fieldset>
        {kindError ? (
          <Text as="p" color="red">
            {kindError}
          </Text>
        ) : null}
        <FormActions submitLabel={mode === "add" ? "Record grievance" : "Update grievance"} busy={saving} busyLabel={mode === "add" ? "Recording..." : "Updating..."} cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}
