import { Badge, Card, Heading, Text } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import { ACTION_LABELS, choiceName, choiceValue, type CandidateView, type PendingDuplicateView } from "~/modules/import/duplicate-view";

const inputId = (pendingId: number, value: string) => `choice-${pendingId}-${value.replace(":", "-")}`;

function Summary({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="duplicate-summary">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Candidate({ item, candidate, index, chosen }: { item: PendingDuplicateView; candidate: CandidateView; index: number; chosen: string | null }) {
  const headingId = `dup-${item.id}-cand-${candidate.id}`;
  return (
    <Card size="1" className="duplicate-candidate">
      <Heading as="h4" size="2" id={headingId}>
        Candidate {index + 1}: {candidate.title}{" "}
        <Badge color={candidate.similarity >= 0.95 ? "red" : "amber"}>
          {candidate.similarityText}
          <span className="visually-hidden"> similar</span>
        </Badge>
      </Heading>
      <Text as="p" size="2">
        Why: {candidate.reason}.
      </Text>
      <Summary items={candidate.summary} />
      {candidate.differences.length ? (
        <DataTable labelledBy={headingId} caption={{ text: `Fields where row ${item.rowNumber} and ${candidate.title} differ` }} className="duplicate-differences">
          <TableHeader>
            <TableRow>
              <TableColumnHeaderCell>Field</TableColumnHeaderCell>
              <TableColumnHeaderCell>In the file</TableColumnHeaderCell>
              <TableColumnHeaderCell>In the project</TableColumnHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {candidate.differences.map((difference) => (
              <TableRow key={difference.field}>
                <TableRowHeaderCell>{difference.label}</TableRowHeaderCell>
                <TableCell className="cell--text">{difference.incoming}</TableCell>
                <TableCell className="cell--text">{difference.existing || <span className="muted">(blank)</span>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </DataTable>
      ) : (
        <Text as="p" size="2">
          No field differs.
        </Text>
      )}
      <ul className="radio-list">
        {candidate.actions
          .filter((action) => action !== "create")
          .map((action) => {
            const value = choiceValue(action, candidate.id);
            return (
              <li key={action}>
                <input type="radio" name={choiceName(item.id)} value={value} id={inputId(item.id, value)} defaultChecked={chosen === value} />{" "}
                <label htmlFor={inputId(item.id, value)}>
                  {ACTION_LABELS[item.kind][action]}
                  {action === "link" && item.kind === "stakeholder" ? `: ${candidate.title}` : ""}
                  {action === "merge" ? ` into ${candidate.title}` : ""}
                </label>
              </li>
            );
          })}
      </ul>
    </Card>
  );
}

/**
 * One held-back row: what the file says beside each candidate, and one radio group (native inputs, so the
 * choice works without JavaScript) offering the spec's actions for each candidate plus "Create new".
 */
export function DuplicateItem({ item, invalid }: { item: PendingDuplicateView; invalid: boolean }) {
  const legendId = `dup-${item.id}-legend`;
  const create = choiceValue("create");
  return (
    <fieldset className={`duplicate-item${invalid && !item.choice ? " field--error" : ""}`} aria-describedby={`dup-${item.id}-incoming`}>
      <legend id={legendId}>
        Row {item.rowNumber}: {item.title}
      </legend>
      <div id={`dup-${item.id}-incoming`}>
        <Text as="p" size="2" weight="bold">
          In the file
        </Text>
        <Summary items={item.incoming} />
      </div>
      {item.candidates.map((candidate, index) => (
        <Candidate key={candidate.id} item={item} candidate={candidate} index={index} chosen={item.choice} />
      ))}
      <ul className="radio-list">
        <li>
          <input type="radio" name={choiceName(item.id)} value={create} id={inputId(item.id, create)} defaultChecked={item.choice === create} />{" "}
          <label htmlFor={inputId(item.id, create)}>
            {ACTION_LABELS[item.kind].create}: add row {item.rowNumber} as a new record
          </label>
        </li>
      </ul>
    </fieldset>
  );
}
