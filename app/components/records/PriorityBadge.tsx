import { dueBadgeStyle, PRIORITY_LABELS, type Priority } from "~/modules/next-action/priority";
import { formatDate } from "~/utils/dates";

const COLORS = { danger: "red", default: undefined, muted: "gray" } as const;

/**
 * Radix Themes' <Text size="2">, written out with its classes like DataTable: the badge is on every
 * row of the stakeholder and property lists, and the component costs ~18 µs per render on the server
 * against ~1 µs for the span (its props are resolved through every responsive prop definition).
 *
 * Next-action priority and due date, coloured as the spec says (red overdue, default soon, muted later).
 * The priority comes computed by the loader (one "today" per request): the browser only displays it.
 */
export function PriorityBadge({ priority, dueDate }: { priority: Priority; dueDate: string | null | undefined }) {
  const style = dueBadgeStyle(priority);
  return (
    <span data-accent-color={COLORS[style]} className={`rt-Text rt-r-size-2 rt-r-weight-${style === "muted" ? "regular" : "bold"} priority priority--${style}`}>
      <span className="priority__label">
        P{priority} · {PRIORITY_LABELS[priority]}
      </span>
      {dueDate ? <span className="priority__date"> · due {formatDate(dueDate)}</span> : null}
    </span>
  );
}
