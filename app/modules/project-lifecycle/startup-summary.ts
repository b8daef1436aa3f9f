/**
 * The start-up form as a list of labelled values (docs/lifecycle.md#notifications): what the notification mail and the
 * project's record of part 1 show. Choices read as their labels, dates as dd/mm/yyyy, the team one
 * line per member. Pure.
 */
import type { SummaryField } from "~/modules/mail/form-summary";
import type { StartupFormValues } from "./schemas";
import { STARTUP_FIELDS, type Choice } from "./startup-fields";

const labelOf = (choices: readonly Choice[] | undefined, value: string) => choices?.find((c) => c.value === value)?.label ?? value;

function auDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

function valueOf(values: StartupFormValues, key: string): unknown {
  if (key.startsWith("settings.")) return (values.settings as Record<string, unknown>)[key.slice("settings.".length)];
  return (values as Record<string, unknown>)[key];
}

export function teamMemberLine(member: { name: string; rate?: string | null; qualifications?: string | null }): string {
  const details = [member.rate ? `rate ${member.rate}` : "", member.qualifications ?? ""].filter(Boolean).join(", ");
  return details ? `${member.name} (${details})` : member.name;
}

export function startupSummary(values: StartupFormValues): SummaryField[] {
  const fields: SummaryField[] = [];
  for (const field of STARTUP_FIELDS) {
    const raw = valueOf(values, field.key);
    let value: SummaryField[1];
    if (typeof raw === "boolean") value = raw;
    else if (raw === null || raw === undefined || raw === "") value = null;
    else if (field.type === "date") value = auDate(String(raw));
    else if ("choices" in field && field.choices) value = labelOf(field.choices, String(raw));
    else value = String(raw);
    fields.push([field.label, value]);
    if (field.key === "state") fields.push(["Team Members", values.teamMembers.length ? values.teamMembers.map(teamMemberLine).join("\n") : null]);
  }
  return fields;
}
