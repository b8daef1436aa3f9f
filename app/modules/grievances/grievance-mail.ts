import type { GrievanceCategory, GrievanceSeverity } from "~db/entities/enums";
import { formSummaryMessage, type SummaryMessage } from "~/modules/mail/form-summary";
import { formatDate } from "~/utils/dates";
import { CATEGORY_LABELS, SEVERITY_LABELS } from "./labels";
import type { ReminderKind } from "./reminders";
import { grievancePath } from "./urls";

/**
 * The owner's grievance mail (docs/records.md#grievance-reminders): the assignment and the due-date
 * reminders. Only what the owner needs to find and judge the grievance: the complainant by name only
 * (never contact details or the description, which stay behind the sign-in), and a link that selects
 * the grievance's project.
 */
export interface GrievanceMailFacts {
  id: number;
  projectId: number;
  projectName: string;
  reference: string;
  category: GrievanceCategory;
  severity: GrievanceSeverity;
  /** The stakeholder's or the person's name; null for an anonymous complainant. */
  complainantName: string | null;
  acknowledgeBy: string | null;
  resolveBy: string | null;
}

/** The grievance's page, with its project selected, on the app's public address. */
export function grievanceLink(baseUrl: string, facts: Pick<GrievanceMailFacts, "id" | "projectId">): string {
  return `${baseUrl.replace(/\/+$/, "")}${grievancePath(facts.id)}?projectId=${facts.projectId}`;
}

function fields(facts: GrievanceMailFacts, link: string) {
  return [
    ["Reference", facts.reference],
    ["Project", facts.projectName],
    ["Category", CATEGORY_LABELS[facts.category]],
    ["Severity", SEVERITY_LABELS[facts.severity]],
    ["Complainant", facts.complainantName ?? "Anonymous"],
    ["Acknowledge by", formatDate(facts.acknowledgeBy)],
    ["Resolve by", formatDate(facts.resolveBy)],
    ["Open the grievance", link],
  ] as const;
}

export function assignmentMessage(facts: GrievanceMailFacts, baseUrl: string, assignedBy: string): SummaryMessage {
  return formSummaryMessage(`Grievance ${facts.reference} assigned to you`, fields(facts, grievanceLink(baseUrl, facts)), {
    intro: `${assignedBy} made you the owner of grievance ${facts.reference}.`,
  });
}

const REMINDER_TEXT: Record<ReminderKind, { title: string; due: (facts: GrievanceMailFacts) => string | null }> = {
  acknowledge: { title: "to be acknowledged by", due: (facts) => facts.acknowledgeBy },
  resolve: { title: "to be resolved by", due: (facts) => facts.resolveBy },
};

export function reminderMessage(facts: GrievanceMailFacts, kind: ReminderKind, baseUrl: string): SummaryMessage {
  const due = formatDate(REMINDER_TEXT[kind].due(facts));
  return formSummaryMessage(`Reminder: grievance ${facts.reference} is due ${REMINDER_TEXT[kind].title} ${due}`, fields(facts, grievanceLink(baseUrl, facts)), {
    intro: `You own grievance ${facts.reference}. It is due ${REMINDER_TEXT[kind].title} ${due}.`,
  });
}
