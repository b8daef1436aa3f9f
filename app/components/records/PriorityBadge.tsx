import { dueBadgeStyle, PRIORITY_LABELS, type Priority } from "~/modules/next-action/priority";
import { formatDate } from "~/utils/dates";

/**
 * Next-action priority and due date, coloured as the spec says (red overdue, default soon, muted later).
 * The priority comes computed by the loader (one "today" per request): the browser only displays it.
 */
export function PriorityBadge({ priority, dueDate }: { priority: Priority; dueDate: string | null | undefined }) {
  return (
    <span className={`priority priority--${dueBadgeStyle(priority)}`}>
      <span className="priority__label">
        P{priority} · {PRIORITY_LABELS[priority]}
      </span>
      {dueDate ? <span className="priority__date"> · due {formatDate(dueDate)}</span> : null}
    </span>
  );
}
