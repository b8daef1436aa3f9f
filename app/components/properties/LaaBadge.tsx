import { LAA_STATUS_BADGES, LAA_STATUS_LABELS, laaStatus } from "~/modules/property/laa-status";
import { formatDate } from "~/utils/dates";

/** Expired / Expiring soon / Active / No LAA, coloured, with the expiry date when there is one. */
export function LaaBadge({ hasLAA, expiryDate, showDate = false }: { hasLAA: boolean; expiryDate: string | null; showDate?: boolean }) {
  const status = laaStatus(hasLAA, expiryDate);
  return (
    <span className="laa-status">
      <span className={`badge badge--${LAA_STATUS_BADGES[status]}`}>{LAA_STATUS_LABELS[status]}</span>
      {showDate && hasLAA && expiryDate ? <span className="muted"> expires {formatDate(expiryDate)}</span> : null}
    </span>
  );
}
