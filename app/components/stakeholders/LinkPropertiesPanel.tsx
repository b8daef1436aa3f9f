import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { FormActions, PanelDialog } from "~/components/kit";
import { listSearch } from "~/modules/stakeholder/urls";

export const LINK_FORM = "link-properties";

/** Link Properties (docs/records.md#links): the project's properties as a checklist, current links ticked. */
export function LinkPropertiesPanel({ stakeholder, properties, linked }: { stakeholder: { id: number; name: string }; properties: { id: number; address: string }[]; linked: number[] }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("formId") === LINK_FORM;
  const ticked = new Set(linked);
  return (
    <PanelDialog id="link-properties" title={`Link Properties: ${stakeholder.name}`} closeTo={listSearch(search)}>
      {properties.length === 0 ? (
        <p>
          This project has no properties yet. <Link to="/properties">Add properties</Link> first.
        </p>
      ) : (
        <Form method="post" noValidate>
          <input type="hidden" name="formId" value={LINK_FORM} />
          <input type="hidden" name="intent" value="link-properties" />
          <input type="hidden" name="stakeholderId" value={stakeholder.id} />
          <fieldset className="form-section">
            <legend>
              Properties of this project ({ticked.size} linked of {properties.length})
            </legend>
            <ul className="checklist">
              {properties.map((p) => (
                <li key={p.id}>
                  <label>
                    <input type="checkbox" name="propertyIds" value={p.id} defaultChecked={ticked.has(p.id)} />
                    <span>{p.address}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <FormActions submitLabel="Save Links" busy={saving} busyLabel="Saving..." cancelTo={listSearch(search)} />
        </Form>
      )}
    </PanelDialog>
  );
}
