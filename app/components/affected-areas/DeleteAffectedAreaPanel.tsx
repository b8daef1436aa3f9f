import { Form } from "@remix-run/react";
import { FormActions, PanelDialog } from "~/components/kit";

/** The delete confirmation as a URL state (?delete=ID). */
export function DeleteAffectedAreaPanel({ area, closeTo }: { area: { id: number; name: string; parcels: number }; closeTo: string }) {
  return (
    <PanelDialog id="delete-affected-area" title="Delete affected area" closeTo={closeTo}>
      <p>
        Delete <strong>{area.name}</strong>? It takes land from {area.parcels === 1 ? "1 parcel" : `${area.parcels.toLocaleString("en-AU")} parcels`}; their figures are worked out again from the
        affected areas left.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={area.id} />
        <FormActions submitLabel="Delete affected area" cancelTo={closeTo} danger />
      </Form>
    </PanelDialog>
  );
}
