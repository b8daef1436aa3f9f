import { Link } from "@remix-run/react";
import { Callout, Heading, Text } from "~/components/radix";
import { StatTiles } from "~/components/kit";
import type { ImportDebugPageData } from "~/modules/import/import-debug-page.server";

/** The project's counts and the rules the matcher applies, with the spec's 80 % name threshold. */
export function DebugOverview({ counts, rules, keysRefreshed }: Pick<ImportDebugPageData, "counts" | "rules" | "keysRefreshed">) {
  return (
    <section aria-labelledby="overview-title" className="stack">
      <Heading as="h2" size="5" id="overview-title">
        Project records
      </Heading>
      <StatTiles
        label="Project records"
        tiles={[
          { label: "Stakeholders", value: counts.stakeholders.toLocaleString("en-AU") },
          { label: "Properties", value: counts.properties.toLocaleString("en-AU") },
        ]}
      />
      <Callout.Root color="indigo" size="2" className="matcher-rules">
        <Callout.Text>
          Stakeholder matching threshold: <strong>{rules.nameThreshold} name similarity</strong>. An incoming stakeholder is a likely duplicate of one in the project when they share an e-mail (
          {rules.email}) or a phone ({rules.phone}) and their names are alike (under different names, a possible household: {rules.household}), when their names are at least {rules.nameThreshold}{" "}
          similar after normalising case, accents, punctuation, titles, word order and company suffixes, or, for a business, when the addresses are at least {rules.businessAddress} similar. Only
          records that share a blocking key with it are compared.
        </Callout.Text>
      </Callout.Root>
      {keysRefreshed ? (
        <Text as="p" color="gray">
          Blocking keys of {keysRefreshed.toLocaleString("en-AU")} changed {keysRefreshed === 1 ? "stakeholder were" : "stakeholders were"} recomputed for this check.
        </Text>
      ) : null}
    </section>
  );
}

/** Which stakeholders the sample holds, and links to the previous and next sample (plain links). */
export function SampleNav({ offset, size, shown, total }: { offset: number; size: number; shown: number; total: number }) {
  return (
    <nav aria-label="Samples" className="pagination">
      <p className="pagination__summary">{shown ? `Stakeholders ${offset + 1}–${offset + shown} of ${total.toLocaleString("en-AU")}, by name` : `No stakeholders from number ${offset + 1}`}</p>
      <ul className="pagination__links">
        <li>
          {offset > 0 ? (
            <Link to={offset - size > 0 ? `?sample=${offset - size}` : "/import-debug"} rel="prev">
              Previous sample
            </Link>
          ) : (
            <span aria-disabled="true">Previous sample</span>
          )}
        </li>
        <li>
          {offset + size < total ? (
            <Link to={`?sample=${offset + size}`} rel="next">
              Next sample
            </Link>
          ) : (
            <span aria-disabled="true">Next sample</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
