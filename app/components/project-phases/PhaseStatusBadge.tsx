import { Badge } from "~/components/radix";
import { phaseStatusBadge } from "~/modules/project-lifecycle/phase-fields";

/** A phase's status as the spec's badge (Pending, In Progress, Completed; anything else Unknown). */
export function PhaseStatusBadge({ status }: { status: string }) {
  const badge = phaseStatusBadge(status);
  return (
    <Badge color={badge.color} variant="soft" size="2">
      {badge.label}
    </Badge>
  );
}

/** "Completed by X on date", "Last saved date (by Y)", or "Not started". */
export function phaseStamp(
  state: { status: string; completedAt: string | null; completedBy: string | null; savedAt?: string | null; savedBy?: string | null },
  formatWhen: (iso: string) => string,
): string {
  if (state.status === "completed") {
    const by = state.completedBy ? ` by ${state.completedBy}` : "";
    return state.completedAt ? `Completed${by} on ${formatWhen(state.completedAt)}` : `Completed${by}`;
  }
  if (state.status === "in-progress") return state.savedAt ? `Last saved ${formatWhen(state.savedAt)}${state.savedBy ? ` by ${state.savedBy}` : ""}` : "Started";
  if (state.status === "pending") return "Not started";
  return "Status not recognised";
}
