import { Heading } from "~/components/radix";
import { FieldList, FieldRow } from "~/components/kit";
import type { GrievancePageData } from "~/modules/grievances/grievance-page.server";
import { CATEGORY_LABELS, CHANNEL_LABELS, SEVERITY_LABELS } from "~/modules/grievances/labels";
import { RESOLUTION_LABELS, STAGE_LABELS } from "~/modules/grievances/stages";
import { formatDate, formatDateTime } from "~/utils/dates";
import { DueDate } from "./DueDate";

type Details = GrievancePageData["grievance"];

/** Every field of a grievance, its due dates with Overdue badges, escalation, referral and outcome. */
export function GrievanceDetails({ g, timeZone }: { g: Details; timeZone: string }) {
  const complainant = g.complainantKind === "stakeholder" ? g.stakeholderName : g.complainantKind === "person" ? g.complainantName : "Anonymous";
  return (
    <section aria-labelledby="grievance-details-title" className="stack">
      <Heading as="h2" size="4" id="grievance-details-title">
        Details
      </Heading>
      <FieldList>
        <FieldRow label="Stage">{STAGE_LABELS[g.stage]}</FieldRow>
        <FieldRow label="Received">{g.receivedAt ? formatDateTime(g.receivedAt, timeZone) : null}</FieldRow>
        <FieldRow label="Counted as received on">{g.countedReceivedOn ? formatDate(g.countedReceivedOn) : null}</FieldRow>
        <FieldRow label="Channel">{CHANNEL_LABELS[g.channel]}</FieldRow>
        <FieldRow label="Complainant">{complainant}</FieldRow>
        {g.complainantKind === "person" ? <FieldRow label="Contact details">{g.complainantContact}</FieldRow> : null}
        <FieldRow label="Property" empty="None">
          {g.propertyAddress}
        </FieldRow>
        <FieldRow label="Category">{CATEGORY_LABELS[g.category]}</FieldRow>
        <FieldRow label="Severity">{SEVERITY_LABELS[g.severity]}</FieldRow>
        <FieldRow label="Description">{g.description}</FieldRow>
        <FieldRow label="Owner" empty="Unassigned">
          {g.ownerName}
        </FieldRow>
        <FieldRow label="Acknowledge by">
          <DueDate date={g.acknowledgeBy} overdue={g.acknowledgeOverdue} />
        </FieldRow>
        <FieldRow label="Resolve by">
          <DueDate date={g.resolveBy} overdue={g.resolveOverdue} />
        </FieldRow>
        {g.acknowledgedAt ? <FieldRow label="Acknowledged">{formatDateTime(g.acknowledgedAt, timeZone)}</FieldRow> : null}
        {g.resolvedAt ? <FieldRow label="Resolved">{formatDateTime(g.resolvedAt, timeZone)}</FieldRow> : null}
        {g.escalatedAt ? <FieldRow label="Escalated">{`${formatDateTime(g.escalatedAt, timeZone)}${g.escalationNote ? `: ${g.escalationNote}` : ""}`}</FieldRow> : null}
        {g.referredTo ? <FieldRow label="Referred externally">{`${g.referredTo}${g.referredAt ? `, ${formatDate(g.referredAt)}` : ""}`}</FieldRow> : null}
        {g.resolution ? (
          <>
            <FieldRow label="Resolution">{RESOLUTION_LABELS[g.resolution]}</FieldRow>
            <FieldRow label="What was done">{g.actionTaken}</FieldRow>
            <FieldRow label="Complainant told">{`${g.complainantToldOn ? formatDate(g.complainantToldOn) : ""}, ${g.complainantToldHow ?? ""}`}</FieldRow>
            <FieldRow label="Complainant accepted">{g.complainantAccepted ? "Yes" : "No"}</FieldRow>
          </>
        ) : null}
        {g.closedAt ? <FieldRow label="Closed">{formatDateTime(g.closedAt, timeZone)}</FieldRow> : null}
      </FieldList>
    </section>
  );
}
