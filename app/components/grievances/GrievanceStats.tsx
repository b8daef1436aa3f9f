import { StatTiles } from "~/components/kit";
import type { GrievanceStats as Stats } from "~/modules/grievances/grievance-list.server";

/** The tiles for the whole project (docs/records.md#grievance-list). */
export function GrievanceStats({ stats }: { stats: Stats }) {
  return (
    <StatTiles
      label="Grievance summary"
      tiles={[
        { label: "Open", value: stats.open },
        { label: "Overdue", value: stats.overdue },
        { label: "Due this week", value: stats.dueThisWeek },
      ]}
    />
  );
}
