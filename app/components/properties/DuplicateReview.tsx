import { Form, Link } from "@remix-run/react";
import { useFocusHeading } from "./useFocusHeading";
import { PanelDialog } from "~/components/records/PanelDialog";
import { MATCH_TYPE_LABELS, similarityPercent, type DuplicateCandidate } from "~/modules/property/duplicate-matching";

/** Form fields re-posted by Create Anyway (the values the user entered). */
const REPOSTED = ["address", "volume", "folio", "area", "zoning", "notes", "nextAction", "nextActionDueDate", "hasLAA", "laaExpiryDate", "laaDetails"] as const;

/**
 * The duplicate-found dialog (spec 000 §4): the candidates, Cancel (discards the new property) and
 * Create Anyway (posts the same values again with force=1).
 */
export function DuplicateReview({ duplicates, submitted, closeTo, returnTo }: { duplicates: DuplicateCandidate[]; submitted: Record<string, string>; closeTo: string; returnTo: string }) {
  useFocusHeading("property-duplicates", duplicates.map((d) => d.id).join(","));
  return (
    <PanelDialog id="property-duplicates" title="Possible Duplicate Property" closeTo={closeTo} wide>
      <p>
        {duplicates.length === 1 ? "An existing property" : `${duplicates.length} existing properties`} in this project may be the same as <strong>{submitted.address}</strong>. Check before
        creating it.
      </p>
      <div className="table-wrap">
        <table className="records">
          <caption className="visually-hidden">Possible duplicates</caption>
          <thead>
            <tr>
              <th scope="col">Similarity</th>
              <th scope="col">Match Type</th>
              <th scope="col">Address</th>
              <th scope="col">Volume/Folio</th>
              <th scope="col">Lot/Plan</th>
              <th scope="col">Proprietors</th>
            </tr>
          </thead>
          <tbody>
            {duplicates.map((d) => (
              <tr key={d.id}>
                <td>{similarityPercent(d.similarity)}</td>
                <td>{MATCH_TYPE_LABELS[d.matchType]}</td>
                <th scope="row">
                  <Link to={`/properties?highlight=${d.id}`}>{d.address}</Link>
                </th>
                <td>{d.volume || d.folio ? `${d.volume ?? "—"}/${d.folio ?? "—"}` : <span className="muted">Not recorded</span>}</td>
                <td>{d.lotPlanLine ?? <span className="muted">Not recorded</span>}</td>
                <td>{d.proprietors.length ? d.proprietors.join(", ") : <span className="muted">None recorded</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Form method="post" className="button-row" preventScrollReset>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="force" value="1" />
        <input type="hidden" name="returnTo" value={returnTo} />
        {REPOSTED.map((name) => (submitted[name] ? <input key={name} type="hidden" name={name} value={submitted[name]} /> : null))}
        <button type="submit" className="button">
          Create Anyway
        </button>
        <Link to={closeTo} className="button button--ghost">
          Cancel
        </Link>
      </Form>
    </PanelDialog>
  );
}
