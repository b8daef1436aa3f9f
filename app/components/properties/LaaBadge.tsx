import { Badge } from "@radix-ui/themes";
import { LAA_STATUS_BADGES, LAA_STATUS_LABELS, type LaaStatus } from "~/modules/property/laa-status";
import { formatDate } from "~/utils/dates";

const COLORS = { danger: "red", warning: "amber", success: "green", muted: "gray" } as const;

/** Expired / Expiring soon / Active / No LAA, coloured, with the expiry date when there is one. The status comes computed by the loader. */
export function LaaBadge({ status, expiryDate, showDate = false }: { status: LaaStatus; expiryDate: string | null; showDate?: boolean }) {
  return (
    <span className="laa-status">
      <Badge color={COLORS[LAA_STATUS_BADGES[status]]}>{LAA_STATUS_LABELS[status]}</Badge>
      {showDate && status !== "none" && expiryDate ? <span className="muted"> expires {formatDate(expiryDate)}</span> : null}
    </span>
  );
}
