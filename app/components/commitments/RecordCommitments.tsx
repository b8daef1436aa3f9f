import { Heading, Text } from "~/components/radix";
import type { DueBadge } from "~/modules/commitments/rules";
import { letterPath } from "~/modules/commitments/urls";
import { CommitmentBadges } from "./CommitmentBadges";

export interface RecordCommitmentRow {
  id: number;
  description: string;
  dueDate: string | null;
  badge: DueBadge;
}

/** A record's open commitments with Overdue / Due soon badges (docs/records.md#commitments); a stakeholder's also links its letter. */
export function RecordCommitments({ rows, stakeholderId, title = "Commitments" }: { rows: RecordCommitmentRow[]; stakeholderId?: number; title?: string }) {
  return (
    <section className="detail-section" aria-label={title}>
      <Heading as="h3" size="3">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text as="p" color="gray">
          No open commitments.
        </Text>
      ) : (
        <ul className="plain-list">
          {rows.map((row) => (
            <li key={row.id}>
              <a href={`/commitments?view=${row.id}`}>{row.description}</a> <CommitmentBadges badge={row.badge} />
            </li>
          ))}
        </ul>
      )}
      {stakeholderId ? (
        <Text as="p">
          <a href={letterPath(stakeholderId)}>What we promised you (printable letter)</a>
        </Text>
      ) : null}
    </section>
  );
}
