import { Link, useLocation } from "@remix-run/react";
import { LinkChecklist, LinkedRecords, PanelDialog } from "~/components/kit";
import { LINK_PROPERTIES_FORM } from "~/modules/stakeholder/form-ids";
import { listSearch } from "~/modules/stakeholder/urls";

/**
 * Link Properties (docs/records.md#links): the properties linked now, each with Remove link, and the
 * project's properties as a checklist, current links ticked; saving needs at least one ticked.
 */
export function LinkPropertiesPanel({ stakeholder, properties, linked }: { stakeholder: { id: number; name: string }; properties: { id: number; address: string }[]; linked: number[] }) {
  const { search } = useLocation();
  const ticked = new Set(linked);
  const choices = properties.map((p) => ({ id: p.id, label: p.address }));
  return (
    <PanelDialog id="link-properties" title={`Link Properties: ${stakeholder.name}`} closeTo={listSearch(search)}>
      {properties.length === 0 ? (
        <p>
          This project has no properties yet. <Link to="/properties">Add properties</Link> first.
        </p>
      ) : (
        <>
          <LinkedRecords
            id="linked-properties"
            title="Linked properties"
            items={choices.filter((c) => ticked.has(c.id))}
            intent="unlink-property"
            idField="propertyId"
            hidden={{ stakeholderId: stakeholder.id }}
          />
          <LinkChecklist
            // Remounted when the links change (a Remove link), so the ticks show the links as they are now.
            key={linked.join(",")}
            formId={LINK_PROPERTIES_FORM}
            field="propertyIds"
            legend={`Properties of this project (${ticked.size} linked of ${properties.length})`}
            hint="Tick at least one property; saving replaces the links with the ticked ones. To remove a link, use Remove link above."
            choices={choices}
            linked={linked}
            hidden={{ intent: "link-properties", stakeholderId: stakeholder.id }}
            cancelTo={listSearch(search)}
          />
        </>
      )}
    </PanelDialog>
  );
}
