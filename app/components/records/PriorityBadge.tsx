import { dueBadgeStyle, nextActionPriority, PRIORITY_LABELS } from "~/modules/next-action/priority";
import { formatDate } from "~/utils/dates";

/** Next-action priority and due date, coloured as the spec says (red overdue, default soon, muted later). */
export function PriorityBadge({ dueDate }: { dueDate: string | null | undefined }) {
  const priority = nextActionPriority(dueDate);
  return (
    <span className={`priority priority--${dueBadgeStyle(priority)}`}>
      <span className="priority__label">
        P{priority} · {PRIORITY_LABELS[priority]}
      </span>
      {dueDate ? <span className="priority__date"> · due {formatDate(dueDate)}</span> : null}
    </span>
  );
}
