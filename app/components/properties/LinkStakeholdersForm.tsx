import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "@radix-ui/themes";
import { useFocusHeading } from "./useFocusHeading";
import { FormActions, PanelDialog } from "~/components/kit";

/** The Link Stakeholders modal (?link=ID): every project stakeholder, current links ticked. */
export function LinkStakeholdersForm({
  property,
  stakeholders,
  linkedIds,
  closeTo,
  returnTo,
}: {
  property: { id: number; address: string };
  stakeholders: { id: number; name: string; memberType: string | null }[];
  linkedIds: number[];
  closeTo: string;
  returnTo: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "link";
  const linked = new Set(linkedIds);
  useFocusHeading("link-stakeholders", property.id);
  return (
    <PanelDialog id="link-stakeholders" title={`Link Stakeholders: ${property.address}`} closeTo={closeTo}>
      {stakeholders.length === 0 ? (
        <>
          <p>This project has no stakeholders yet.</p>
          <p>
            <Button asChild>
              <Link to="/stakeholders">Add Stakeholders</Link>
            </Button>
          </p>
        </>
      ) : (
        <Form method="post" preventScrollReset className="stack">
          <input type="hidden" name="intent" value="link" />
          <input type="hidden" name="propertyId" value={property.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <fieldset className="form-section">
            <legend>Stakeholders linked to this property</legend>
            <ul className="checklist link-checklist">
              {stakeholders.map((s) => (
                <li key={s.id}>
                  <label>
                    <input type="checkbox" name="stakeholderIds" value={s.id} defaultChecked={linked.has(s.id)} /> {s.name}
                    {s.memberType ? <span className="muted"> ({s.memberType})</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <FormActions submitLabel="Save Links" busy={saving} busyLabel="Saving..." cancelTo={closeTo} />
        </Form>
      )}
    </PanelDialog>
  );
}
