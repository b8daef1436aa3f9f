import { Link } from "@remix-run/react";

/**
 * A panel form's submit button and its Cancel link back to the list; `danger` for deletions. While
 * `busy` (JavaScript only: a submission in flight) the button shows `busyLabel` and is disabled.
 */
export function FormActions({
  submitLabel,
  cancelTo,
  danger = false,
  busy = false,
  busyLabel,
}: {
  submitLabel: string;
  cancelTo: string;
  danger?: boolean;
  busy?: boolean;
  busyLabel?: string;
}) {
  return (
    <div className="button-row">
      <button type="submit" className={danger ? "button button--danger" : "button"} disabled={busy || undefined}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </button>
      <Link to={cancelTo} className="button button--ghost" preventScrollReset>
        Cancel
      </Link>
    </div>
  );
}
