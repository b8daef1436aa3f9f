import { LAA_STATUS_BADGES, LAA_STATUS_LABELS, type LaaStatus } from "~/modules/property/laa-status";
import { formatDate } from "~/utils/dates";

const COLORS = { danger: "red", warning: "amber", success: "green", muted: "gray" } as const;

/**
 * Expired / Expiring soon / Active / No LAA, coloured, with the expiry date when there is one. The status comes computed by the loader.
 * Radix Themes' <Badge> written out as its element and classes (like the kit's DataTable): it is on every row of the
 * properties table, and the component resolves its props through every responsive prop definition on each render.
 */
export function LaaBadge({ status, expiryDate, showDate = false }: { status: LaaStatus; expiryDate: string | null; showDate?: boolean }) {
  return (
    <span className="laa-status">
      <span data-accent-color={COLORS[LAA_STATUS_BADGES[status]]} className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
        {LAA_STATUS_LABELS[status]}
      </span>
      {showDate && status !== "none" && expiryDate ? <span className="muted"> expires {formatDate(expiryDate)}</span> : null}
    </span>
  );
}
