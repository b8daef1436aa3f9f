import { Form, useNavigation } from "@remix-run/react";
import { Button, Text } from "~/components/radix";
import { ErrorSummary, fieldId, FormActions, PanelDialog, SelectField, TextAreaField, TextField, useFormErrors } from "~/components/kit";
import type { CommitmentsPageData } from "~/modules/commitments/commitments-page.server";
import { COMMITMENT_LIMITS } from "~/modules/commitments/schemas";
import { COMMITMENT_FORM } from "~/modules/commitments/urls";
import { FORM_ERROR } from "~/utils/form-state";

type FormData = NonNullable<CommitmentsPageData["form"]>;

/** Ticked choices for one list; `field` is the name the server's error uses. */
function Checklist({ field, legend, choices, ticked, error }: { field: string; legend: string; choices: { id: number; label: string }[]; ticked: Set<number>; error?: string }) {
  return (
    <fieldset className={`form-section field${error ? " field--error" : ""}`} aria-describedby={error ? `${fieldId(field)}-error` : undefined}>
      <legend>{legend}</legend>
      {error ? (
        <Text as="p" id={`${fieldId(field)}-error`} color="red" weight="bold" className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </Text>
      ) : null}
      {choices.length === 0 ? (
        <Text as="p" color="gray">
          None chosen. Use Find to look them up.
        </Text>
      ) : (
        <ul className="checklist">
          {choices.map((c, index) => (
            <li key={c.id}>
              <label>
                <input type="checkbox" id={index === 0 ? fieldId(field) : undefined} name={field} value={c.id} defaultChecked={ticked.has(c.id)} /> <span>{c.label}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * Add / edit a commitment (docs/records.md#commitments). Stakeholders and properties are picked by
 * "Find": the button sends the form by GET, so the page comes back with what was typed and the
 * matches as checkboxes, without JavaScript and without listing thousands of records. The list's
 * filters ride along as hidden fields so the list behind the panel stays as it was, and a visually
 * hidden first submit button makes Enter in a text box save, never Find (CONTRIBUTING.md, "Rows in a form").
 */
export function CommitmentForm({ form, closeTo, returnTo }: { form: FormData; closeTo: string; returnTo: string }) {
  const errors = useFormErrors(COMMITMENT_FORM);
  const submitted = errors?.repopulateFields as Record<string, string> | undefined;
  const values = { ...form.values, ...(submitted ?? {}) };
  const tick = (v: string | undefined) => new Set((v ?? "").split(",").map(Number).filter(Boolean));
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const title = form.mode === "add" ? "Add Commitment" : "Edit Commitment";
  return (
    <PanelDialog id="commitment-form-panel" title={title} closeTo={closeTo} wide>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ [FORM_ERROR]: "commitment-form-panel-title" }} />
      <Form key={values.version || "new"} method="post" noValidate id={COMMITMENT_FORM} className="stack" preventScrollReset>
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        {[...new URLSearchParams(returnTo)].map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="intent" value={form.mode === "add" ? "create" : "update"} />
        {form.mode === "edit" ? (
          <>
            <input type="hidden" name="id" value={form.values.id} />
            <input type="hidden" name="edit" value={form.values.id} />
            <input type="hidden" name="version" value={values.version} />
          </>
        ) : (
          <input type="hidden" name="new" value="1" />
        )}
        <input type="hidden" name="returnTo" value={returnTo} />
        <TextAreaField formId={COMMITMENT_FORM} name="description" label="What was promised" required rows={3} defaultValue={values.description} maxLength={COMMITMENT_LIMITS.description} />
        <div className="grid grid--2">
          <TextField formId={COMMITMENT_FORM} name="promisedOn" label="Promised on" type="date" required hint="For example 2026-03-03" defaultValue={values.promisedOn} />
          <TextField formId={COMMITMENT_FORM} name="dueDate" label="Due date" type="date" hint="Optional" defaultValue={values.dueDate} />
          <SelectField
            formId={COMMITMENT_FORM}
            name="ownerId"
            label="Owner"
            placeholder="Unassigned"
            options={form.choices.owners.map((o) => ({ value: o.id, label: o.name }))}
            defaultValue={values.ownerId}
          />
          <SelectField
            formId={COMMITMENT_FORM}
            name="engagementId"
            label="Made at engagement"
            hint="Engagements with the chosen stakeholders"
            placeholder="None"
            options={form.choices.engagements.map((e) => ({ value: String(e.id), label: e.label }))}
            defaultValue={values.engagementId}
          />
          <SelectField
            formId={COMMITMENT_FORM}
            name="grievanceId"
            label="From grievance"
            hint="The grievance this promise answers, if any"
            placeholder="None"
            options={form.choices.grievances.map((g) => ({ value: String(g.id), label: g.label }))}
            defaultValue={values.grievanceId}
          />
        </div>
        <div className="field inline-form">
          <label htmlFor="commitment-find" className="field__label">
            Find stakeholders and properties
          </label>
          <input id="commitment-find" name="find" type="search" defaultValue={form.find} maxLength={200} className="native-input" aria-describedby="commitment-find-hint" />
          <Text as="p" id="commitment-find-hint" color="gray" className="field__hint">
            Part of a name or address; ticked ones stay chosen.
          </Text>
          <Button type="submit" formMethod="get" variant="outline" name="findSubmit" value="1">
            Find
          </Button>
        </div>
        <div className="grid grid--2">
          <Checklist field="stakeholderIds" legend="Made to stakeholders" choices={form.choices.stakeholders} ticked={tick(values.stakeholderIds)} error={errors?.fieldErrors.stakeholderIds} />
          <Checklist field="propertyIds" legend="About properties" choices={form.choices.properties} ticked={tick(values.propertyIds)} error={errors?.fieldErrors.propertyIds} />
        </div>
        <FormActions submitLabel={form.mode === "add" ? "Add Commitment" : "Update Commitment"} busy={saving} busyLabel="Saving..." cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}
