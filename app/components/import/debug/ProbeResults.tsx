import { Link } from "@remix-run/react";
import { Badge, Card, Heading, Text } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import type { DebugCandidate, DebugProbe } from "~/modules/import/import-debug-page.server";
import { plural } from "~/modules/import/wizard";

// Written out rather than built with the stakeholders screen's URL helpers: importing those here would
// split a chunk the list pages share, one more request on each of them (page-weight.spec.ts).
const highlightUrl = (id: number) => `/stakeholders?highlight=${id}`;

/** What each kind of blocking key is (match-keys.ts): the prefix before the first colon. */
const KEY_KINDS: Record<string, string> = {
  e: "e-mail",
  p: "phone digits",
  n: "sound of a name with an initial",
  a: "business address: postcode and street number",
};

const MATCH_TYPES: Record<string, string> = { email: "E-mail", phone: "Phone", name: "Name", address: "Address" };

const UNKEYED: Record<DebugProbe["unkeyed"][number], string> = {
  name: "The name gives no name key (no letters left after normalising), so no one is compared by name.",
  email: "The e-mail gives no key, so no one is compared by e-mail.",
  phone: "The phone has fewer than 8 digits, so no one is compared by phone.",
};

function KeyList({ keys, label }: { keys: string[]; label: string }) {
  if (!keys.length) return <Text color="gray">none</Text>;
  return (
    <ul className="key-list" aria-label={label}>
      {keys.map((key) => (
        <li key={key}>
          <code>{key}</code> <span className="muted">({KEY_KINDS[key.slice(0, key.indexOf(":"))] ?? "other"})</span>
        </li>
      ))}
    </ul>
  );
}

function CandidateTable({ candidates, probeName }: { candidates: DebugCandidate[]; probeName: string }) {
  return (
    <DataTable label={`Likely duplicates of ${probeName}`} caption={{ text: `Likely duplicates of ${probeName}, most similar first`, hidden: true }}>
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>Name</TableColumnHeaderCell>
          <TableColumnHeaderCell>E-mail / phone</TableColumnHeaderCell>
          <TableColumnHeaderCell>Similarity</TableColumnHeaderCell>
          <TableColumnHeaderCell>Match type</TableColumnHeaderCell>
          <TableColumnHeaderCell>Reason</TableColumnHeaderCell>
          <TableColumnHeaderCell>Shared keys</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {candidates.map((c) => (
          <TableRow key={c.id}>
            <TableRowHeaderCell className="cell--text">
              <Link to={highlightUrl(c.id)}>{c.name || `Stakeholder #${c.id}`}</Link>
            </TableRowHeaderCell>
            <TableCell className="cell--text">
              {c.email || c.phone ? (
                <ul className="plain-list">
                  {c.email ? <li>{c.email}</li> : null}
                  {c.phone ? <li>{c.phone}</li> : null}
                </ul>
              ) : (
                <span className="muted">none</span>
              )}
            </TableCell>
            <TableCell className="cell--nowrap">
              <strong>{c.similarityText}</strong>
            </TableCell>
            <TableCell>
              <Badge color={c.matchType === "email" || c.matchType === "phone" ? "green" : "indigo"}>{MATCH_TYPES[c.matchType] ?? c.matchType}</Badge>
            </TableCell>
            <TableCell className="cell--text">{c.reason}</TableCell>
            <TableCell className="cell--text">
              {c.sharedKeys.length ? (
                <ul className="plain-list">
                  {c.sharedKeys.map((key) => (
                    <li key={key}>
                      <code>{key}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="muted">none</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </DataTable>
  );
}

/** One probe: what was matched, its blocking keys, and its likely duplicates or the empty state. */
export function ProbeResult({ probe, index }: { probe: DebugProbe; index: number }) {
  const titleId = `probe-${index}-title`;
  const name = probe.name || (probe.id ? `Stakeholder #${probe.id}` : "The typed stakeholder");
  const contact = [probe.email, probe.phone].filter(Boolean).join(" · ");
  return (
    <Card asChild size="2" className="probe">
      <section aria-labelledby={titleId}>
        <Heading as="h3" size="4" id={titleId}>
          {probe.id ? <Link to={highlightUrl(probe.id)}>{name}</Link> : name}
        </Heading>
        {contact ? (
          <Text as="p" color="gray" className="probe__contact">
            {contact}
          </Text>
        ) : null}
        <div className="probe__keys">
          <Text as="p" weight="bold" mb="1">
            Blocking keys
          </Text>
          <KeyList keys={probe.keys} label={`Blocking keys of ${name}`} />
          {probe.unkeyed.map((field) => (
            <Text as="p" key={field} className="probe__note">
              {UNKEYED[field]}
            </Text>
          ))}
          <Text as="p" color="gray" className="probe__note">
            {probe.compared
              ? `${plural(probe.compared, "record")} of the project shared a key and ${probe.compared === 1 ? "was" : "were"} compared.`
              : "No record of the project shares a key, so none was compared."}
          </Text>
        </div>
        {probe.candidates.length ? (
          <CandidateTable candidates={probe.candidates} probeName={name} />
        ) : (
          <div className="probe__empty">
            <Text as="p" weight="bold" mb="0">
              No likely duplicates
            </Text>
          </div>
        )}
      </section>
    </Card>
  );
}
