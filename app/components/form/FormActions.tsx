import { Link } from "@remix-run/react";

/** A panel form's submit button and its Cancel link back to the list. */
export function FormActions({ submitLabel, cancelTo }: { submitLabel: string; cancelTo: string }) {
  return (
    <div className="button-row">
      <button type="submit" className="button">
        {submitLabel}
      </button>
      <Link to={cancelTo} className="button button--ghost" preventScrollReset>
        Cancel
      </Link>
    </div>
  );
}
