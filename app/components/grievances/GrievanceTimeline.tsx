import { Heading } from "~/components/radix";
import type { GrievanceStage } from "~db/entities/enums";
import { EVENT_LABELS } from "~/modules/grievances/labels";
import { STAGE_LABELS } from "~/modules/grievances/stages";
import { formatDateTime } from "~/utils/dates";

type Event = { id: number; at: string; kind: keyof typeof EVENT_LABELS; fromStage: GrievanceStage | null; toStage: GrievanceStage | null; note: string | null; byName: string };

/** The timeline: who did what, when (docs/records.md#grievances), oldest first. */
export function GrievanceTimeline({ events, timeZone }: { events: Event[]; timeZone: string }) {
  return (
    <section aria-labelledby="grievance-timeline-title" className="stack">
      <Heading as="h2" size="4" id="grievance-timeline-title">
        Timeline
      </Heading>
      <ol className="timeline">
        {events.map((e) => (
          <li key={e.id}>
            <strong>{EVENT_LABELS[e.kind]}</strong>
            {e.fromStage && e.toStage ? ` from ${STAGE_LABELS[e.fromStage]} to ${STAGE_LABELS[e.toStage]}` : ""}
            {" by "}
            {e.byName}, <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at, timeZone)}</time>
            {e.note ? <p className="muted">{e.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
