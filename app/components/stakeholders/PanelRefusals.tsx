import { useLocation } from "@remix-run/react";
import { PanelDialog } from "~/components/kit";
import { listSearch } from "~/modules/stakeholder/urls";

/** The panel shown for a stakeholder link that names no record of this project. */
export function NotFoundPanel({ title }: { title: string }) {
  const { search } = useLocation();
  return (
    <PanelDialog id="stakeholder-not-found" title={title} closeTo={listSearch(search)}>
      <p>That stakeholder does not exist in this project. It may have been deleted, or the link may be wrong.</p>
    </PanelDialog>
  );
}

/** The panel shown when the role may not open the asked-for panel. */
export function ForbiddenPanel() {
  const { search } = useLocation();
  return (
    <PanelDialog id="stakeholder-forbidden" title="Not allowed" closeTo={listSearch(search)}>
      <p>Your role can view stakeholders but not add, edit or link them, or record interactions.</p>
    </PanelDialog>
  );
}
