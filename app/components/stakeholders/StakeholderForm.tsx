import { Form, useLocation, useNavigation } from "@remix-run/react";
import { FormActions, SelectField, TextAreaField, TextField, useFormErrors, PanelDialog } from "~/components/kit";
import { IAP2_LEVELS, INFLUENCE_LEVELS, MEMBER_TYPES, STAKEHOLDER_CATEGORIES } from "~db/entities/enums";
import { STAKEHOLDER_FORM } from "~/modules/stakeholder/form-ids";
import { LIMITS } from "~/modules/stakeholder/limits";
import { ContactAddressesFieldset, ContactInformationFieldset } from "./ContactFieldsets";
import type { StakeholderJson } from "~/modules/stakeholder/stakeholder-json";
import { listSearch } from "~/modules/stakeholder/urls";

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * Add / Edit Stakeholder (docs/records.md#stakeholder-form). Edit posts the version it was rendered with; a stale save is
 * refused and the form re-renders from the current record (the key remounts it on a new version).
 */
export function StakeholderForm({ stakeholder }: { stakeholder: StakeholderJson | null }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const errors = useFormErrors(STAKEHOLDER_FORM);
  const editing = stakeholder !== null;
  const title = editing ? "Edit Stakeholder" : "Add New Stakeholder";
  const saving = navigation.state === "submitting" && navigation.formData?.get("formId") === STAKEHOLDER_FORM;
  const submittedActive = errors?.repopulateFields ? errors.repopulateFields.isActive === "on" : null;
  const isActive = submittedActive ?? (stakeholder ? stakeholder.isActive : true);
  const text = (name: keyof StakeholderJson) => (stakeholder ? ((stakeholder[name] as string | null) ?? "") : "");
  const field = (name: keyof StakeholderJson & string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField formId={STAKEHOLDER_FORM} name={name} label={label} defaultValue={text(name)} {...extra} />
  );

  return (
    <PanelDialog id="stakeholder-form" title={title} closeTo={listSearch(search)} wide>
      <Form method="post" noValidate key={`${stakeholder?.id ?? "new"}-${stakeholder?.version ?? 0}`} className="stakeholder-form">
        <input type="hidden" name="formId" value={STAKEHOLDER_FORM} />
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing ? (
          <>
            <input type="hidden" name="id" value={stakeholder.id} />
            <input type="hidden" name="version" value={stakeholder.version} />
          </>
        ) : null}
        <fieldset className="form-section">
          <legend>Basic Information</legend>
          {field("name", "Name", { required: true, maxLength: LIMITS.name, autoComplete: "off" })}
        </fieldset>
        <ContactInformationFieldset field={field} />
        <fieldset className="form-section">
          <legend>Stakeholder Classification</legend>
          <div className="form-grid">
            <SelectField formId={STAKEHOLDER_FORM} name="memberType" label="Member Type" placeholder="Not set" options={options(MEMBER_TYPES)} defaultValue={text("memberType")} />
            <SelectField
              formId={STAKEHOLDER_FORM}
              name="stakeholderCategory"
              label="Stakeholder Category"
              placeholder="Not set"
              options={options(STAKEHOLDER_CATEGORIES)}
              defaultValue={text("stakeholderCategory")}
            />
            <SelectField formId={STAKEHOLDER_FORM} name="influenceLevel" label="Influence Level" placeholder="Not set" options={options(INFLUENCE_LEVELS)} defaultValue={text("influenceLevel")} />
            <SelectField
              formId={STAKEHOLDER_FORM}
              name="iap2EngagementLevel"
              label="IAP2 Engagement Level"
              placeholder="Not set"
              options={options(IAP2_LEVELS)}
              defaultValue={text("iap2EngagementLevel")}
            />
          </div>
          <div className="checkbox-field">
            <input id="field-isActive" type="checkbox" name="isActive" defaultChecked={isActive} />
            <label htmlFor="field-isActive">Active stakeholder</label>
          </div>
        </fieldset>
        <ContactAddressesFieldset field={field} />
        <fieldset className="form-section">
          <legend>Next Action</legend>
          <div className="form-grid">
            {field("nextAction", "Next Action", { maxLength: LIMITS.nextAction })}
            {field("nextActionDueDate", "Due Date", { type: "date" })}
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>Additional Information</legend>
          <TextAreaField formId={STAKEHOLDER_FORM} name="notes" label="Notes" rows={4} maxLength={LIMITS.notes} defaultValue={text("notes")} />
        </fieldset>
        <FormActions submitLabel={editing ? "Update Stakeholder" : "Add Stakeholder"} busy={saving} busyLabel={editing ? "Updating..." : "Adding..."} cancelTo={listSearch(search)} />
      </Form>
    </PanelDialog>
  );
}
