import { Form, Link } from "@remix-run/react";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell, PanelDialog } from "~/components/kit";
import { Button } from "~/components/radix";
import { useFocusHeading } from "./useFocusHeading";
import { MATCH_TYPE_LABELS, similarityPercent, type DuplicateCandidate } from "~/modules/property/duplicate-matching";

/** Form fields re-posted by Create Anyway (the values the user entered). */
const REPOSTED = ["address", "volume", "folio", "area", "zoning", "notes", "nextAction", "nextActionDueDate", "hasLAA", "laaExpiryDate", "laaDetails"] as const;

/**
 * The duplicate-found dialog (docs/records.md#property-duplicates): the candidates, Cancel (discards the new property) and
 * Create Anyway (posts the same values again with force=1).
 */
export function DuplicateReview({ duplicates, submitted, closeTo, returnTo }: { duplicates: DuplicateCandidate[]; submitted: Record<string, string>; closeTo: string; returnTo: string }) {
  useFocusHeading("property-duplicates", duplicates.map((d) => d.id).join(","));
  return (
    <PanelDialog id="property-duplicates" title="Possible Duplicate Property" closeTo={closeTo} wide>
      <p>
        {duplicates.length === 1 ? "An existing property" : `${duplicates.length} existing properties`} in this project may be the same as <strong>{submitted.address}</strong>. Check before creating
        it.
      </p>
      <DataTable label="Possible duplicates" caption={{ text: "Possible duplicates", hidden: true }} className="records">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Similarity</TableColumnHeaderCell>
            <TableColumnHeaderCell>Match Type</TableColumnHeaderCell>
            <TableColumnHeaderCell>Address</TableColumnHeaderCell>
            <TableColumnHeaderCell>Volume/Folio</TableColumnHeaderCell>
            <TableColumnHeaderCell>Lot/Plan</TableColumnHeaderCell>
            <TableColumnHeaderCell>Proprietors</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {duplicates.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{similarityPercent(d.similarity)}</TableCell>
              <TableCell>{MATCH_TYPE_LABELS[d.matchType]}</TableCell>
              <TableRowHeaderCell>
                <Link to={`/properties?highlight=${d.id}`}>{d.address}</Link>
              </TableRowHeaderCell>
              <TableCell>{d.volume || d.folio ? `${d.volume ?? "—"}/${d.folio ?? "—"}` : <span className="muted">Not recorded</span>}</TableCell>
              <TableCell>{d.lotPlanLine ?? <span className="muted">Not recorded</span>}</TableCell>
              <TableCell>{d.proprietors.length ? d.proprietors.join(", ") : <span className="muted">None recorded</span>}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </DataTable>
      <Form method="post" className="button-row" preventScrollReset>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="force" value="1" />
        <input type="hidden" name="returnTo" value={returnTo} />
        {REPOSTED.map((name) => (submitted[name] ? <input key={name} type="hidden" name={name} value={submitted[name]} /> : null))}
        <Button type="submit">Create Anyway</Button>
        <Button asChild variant="outline" color="gray">
          <Link to={closeTo}>Cancel</Link>
        </Button>
      </Form>
    </PanelDialog>
  );
}
