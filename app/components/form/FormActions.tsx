import { Link } from "@remix-run/react";

/** A panel form's submit button and its Cancel link back to the list; `danger` for deletions. */
export function FormActions({ submitLabel, cancelTo, danger = false }: { submitLabel: string; cancelTo: string; danger?: boolean }) {
  return (
    <div className="button-row">
      <button type="submit" className={danger ? "button button--danger" : "button"}>
        {submitLabel}
      </button>
      <Link to={cancelTo} className="button button--ghost" preventScrollReset>
        Cancel
      </Link>
    </div>
  );
}
