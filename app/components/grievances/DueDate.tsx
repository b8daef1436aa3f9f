import { formatDate } from "~/utils/dates";

/** A due date with an "Overdue" badge when the loader judged it overdue for the project's today (docs/records.md#grievances). */
export function DueDate({ date, overdue }: { date: string | null; overdue: boolean }) {
  if (!date) return <span className="muted">Not set</span>;
  return (
    <span className="due-date">
      {formatDate(date)}
      {overdue ? (
        <>
          {" "}
          <span data-accent-color="red" className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
            Overdue
          </span>
        </>
      ) : null}
    </span>
  );
}
