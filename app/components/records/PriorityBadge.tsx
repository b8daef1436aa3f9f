import { Text } from "@radix-ui/themes";
import { dueBadgeStyle, PRIORITY_LABELS, type Priority } from "~/modules/next-action/priority";
import { formatDate } from "~/utils/dates";

const COLORS = { danger: "red", default: undefined, muted: "gray" } as const;

/**
 * Next-action priority and due date, coloured as the spec says (red overdue, default soon, muted later).
 * The priority comes computed by the loader (one "today" per request): the browser only displays it.
 */
export function PriorityBadge({ priority, dueDate }: { priority: Priority; dueDate: string | null | undefined }) {
  const style = dueBadgeStyle(priority);
  return (
    <Text size="2" weight={style === "muted" ? "regular" : "bold"} color={COLORS[style]} className={`priority priority--${style}`}>
      <span className="priority__label">
        P{priority} · {PRIORITY_LABELS[priority]}
      </span>
      {dueDate ? <span className="priority__date"> · due {formatDate(dueDate)}</span> : null}
    </Text>
  );
}
