import { useEffect, useState } from "react";
import { useFocusHeading } from "./useFocusHeading";
import { Form, useNavigation } from "@remix-run/react";
import { ErrorSummary, fieldId, TextAreaField, TextField, useFormErrors, FormActions, PanelDialog } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { PROPERTY_FORM } from "~/modules/property/form-ids";
import { PROPERTY_LIMITS } from "~/modules/property/limits";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Add / edit form (docs/records.md#property-form). Without JavaScript the LAA fields are always
 * shown (the server keeps them only when the box is ticked); with JavaScript they appear on ticking.
 */
export function PropertyForm({ mode, values, closeTo, returnTo }: { mode: "add" | "edit"; values: Record<string, string>; closeTo: string; returnTo: string }) {
  const errors = useFormErrors(PROPERTY_FORM);
  const submitted = errors?.repopulateFields as Record<string, unknown> | undefined;
  const initialLaa = submitted ? submitted.hasLAA === "on" || submitted.hasLAA === "true" : values.hasLAA === "on";
  const [hasLAA, setHasLAA] = useState(initialLaa);
  useEffect(() => setHasLAA(initialLaa), [initialLaa]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === (mode === "add" ? "create" : "update");
  const version = typeof submitted?.version === "string" ? submitted.version : values.version;
  const title = mode === "add" ? "Add New Property" : "Edit Property";
  useFocusHeading("property-form-panel", values.id ?? "new");
  return (
    <PanelDialog id="property-form-panel" title={title} closeTo={closeTo}>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ [FORM_ERROR]: "property-form-panel-title" }} />
      {/* Keyed by version: after a stale-edit refusal the inputs remount with the current values. */}
      <Form key={version ?? "new"} method="post" noValidate id={PROPERTY_FORM} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={mode === "add" ? "create" : "update"} />
        {mode === "edit" ? <input type="hidden" name="id" value={values.id} /> : null}
        {mode === "edit" ? <input type="hidden" name="version" value={version} /> : null}
        <input type="hidden" name="returnTo" value={returnTo} />
        <fieldset className="form-section">
          <legend>Property</legend>
          <TextField formId={PROPERTY_FORM} name="address" label="Address" required defaultValue={values.address} maxLength={PROPERTY_LIMITS.address} autoComplete="off" />
          <div className="grid grid--2">
            <TextField formId={PROPERTY_FORM} name="volume" label="Volume" defaultValue={values.volume} maxLength={PROPERTY_LIMITS.volume} />
            <TextField formId={PROPERTY_FORM} name="folio" label="Folio" defaultValue={values.folio} maxLength={PROPERTY_LIMITS.folio} />
            <TextField formId={PROPERTY_FORM} name="area" label="Area" hint="For example 48.6 ha" defaultValue={values.area} maxLength={PROPERTY_LIMITS.area} />
            <TextField formId={PROPERTY_FORM} name="zoning" label="Zoning" defaultValue={values.zoning} maxLength={PROPERTY_LIMITS.zoning} />
          </div>
          <TextAreaField formId={PROPERTY_FORM} name="notes" label="Notes" rows={4} defaultValue={values.notes} maxLength={PROPERTY_LIMITS.notes} />
        </fieldset>
        <fieldset className="form-section">
          <legend>Next Action</legend>
          <TextField formId={PROPERTY_FORM} name="nextAction" label="Next action" defaultValue={values.nextAction} maxLength={PROPERTY_LIMITS.nextAction} />
          <TextField formId={PROPERTY_FORM} name="nextActionDueDate" label="Next action due date" type="date" hint="For example 2026-03-31" defaultValue={values.nextActionDueDate} />
        </fieldset>
        <div className="checkbox-field">
          <input
            id={fieldId("hasLAA")}
            type="checkbox"
            name="hasLAA"
            defaultChecked={initialLaa}
            key={String(initialLaa)}
            onChange={(event) => setHasLAA(event.currentTarget.checked)}
            aria-controls="property-laa-fields"
          />
          <label htmlFor={fieldId("hasLAA")}>Has a land access agreement (LAA)</label>
        </div>
        <fieldset className="form-section" id="property-laa-fields" hidden={hydrated && !hasLAA}>
          <legend>Land Access Agreement (LAA)</legend>
          <p className="field__hint">Saved only when “Has a land access agreement (LAA)” is ticked.</p>
          <TextField formId={PROPERTY_FORM} name="laaExpiryDate" label="LAA expiry date" type="date" hint="For example 2026-12-31" defaultValue={values.laaExpiryDate} />
          <TextAreaField formId={PROPERTY_FORM} name="laaDetails" label="LAA details" rows={3} defaultValue={values.laaDetails} maxLength={PROPERTY_LIMITS.laaDetails} />
        </fieldset>
        <FormActions submitLabel={mode === "add" ? "Add Property" : "Update Property"} busy={saving} busyLabel={mode === "add" ? "Adding..." : "Updating..."} cancelTo={closeTo} />
      </Form>
    </PanelDialog>
  );
}
