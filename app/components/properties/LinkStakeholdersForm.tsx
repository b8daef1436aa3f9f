import { Link } from "@remix-run/react";
import { Button } from "~/components/radix";
import { useFocusHeading } from "./useFocusHeading";
import { ErrorSummary, LinkChecklist, LinkedRecords, PanelDialog, useFormErrors } from "~/components/kit";
import { LINK_STAKEHOLDERS_FORM } from "~/modules/property/form-ids";

/**
 * The Link Stakeholders modal (?link=ID, docs/records.md#links): the stakeholders linked now, each with
 * Remove link, and every project stakeholder with the current links ticked; saving needs at least one.
 */
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
  const errors = useFormErrors(LINK_STAKEHOLDERS_FORM);
  const linked = new Set(linkedIds);
  const choices = stakeholders.map((s) => ({ id: s.id, label: s.name, note: s.memberType }));
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
        <>
          <ErrorSummary errors={errors?.fieldErrors} />
          <LinkedRecords
            id="linked-stakeholders"
            title="Linked stakeholders"
            items={choices.filter((c) => linked.has(c.id)).map(({ id, label }) => ({ id, label }))}
            intent="unlink"
            idField="stakeholderId"
            hidden={{ propertyId: property.id, returnTo }}
          />
          <LinkChecklist
            // Remounted when the links change (a Remove link), so the ticks show the links as they are now.
            key={linkedIds.join(",")}
            formId={LINK_STAKEHOLDERS_FORM}
            field="stakeholderIds"
            legend="Stakeholders linked to this property"
            hint="Tick at least one stakeholder; saving replaces the links with the ticked ones. To remove a link, use Remove link above."
            choices={choices}
            linked={linkedIds}
            hidden={{ intent: "link", propertyId: property.id, returnTo }}
            cancelTo={closeTo}
          />
        </>
      )}
    </PanelDialog>
  );
}
