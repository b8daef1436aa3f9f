import { Badge } from "~/components/radix";
import { STATUS_LABELS, type CommitmentStatus, type DueBadge } from "~/modules/commitments/rules";

/** The status, and Overdue / Due soon as the loader judged them for the project's today (docs/records.md#commitments). */
export function CommitmentBadges({ status, badge }: { status?: CommitmentStatus; badge: DueBadge }) {
  return (
    <span className="badge-row">
      {status ? (
        <Badge color={status === "fulfilled" ? "green" : status === "cancelled" ? "gray" : "indigo"} variant="soft">
          {STATUS_LABELS[status]}
        </Badge>
      ) : null}{" "}
      {badge === "overdue" ? (
        <Badge color="red" variant="soft">
          Overdue
        </Badge>
      ) : badge === "due_soon" ? (
        <Badge color="amber" variant="soft">
          Due soon
        </Badge>
      ) : null}
    </span>
  );
}
