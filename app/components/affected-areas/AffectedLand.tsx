import { Heading } from "~/components/radix";
import { DataTable, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import { formatHectares, formatShare } from "~/modules/affected-areas/format";
import type { LandholderLosses, PropertyLosses } from "~/modules/affected-areas/losses.server";

/** The land a property's parcels lose to the project's affected areas: each parcel, each area, the total (docs/records.md#affected-areas). */
export function PropertyAffectedLand({ losses }: { losses: PropertyLosses }) {
  return (
    <section aria-labelledby="property-affected-land">
      <Heading as="h3" size="3" id="property-affected-land">
        Affected area
      </Heading>
      <p>
        <strong>{formatHectares(losses.total.affectedM2)}</strong> of {formatHectares(losses.total.areaM2)} ({formatShare(losses.total.share)})
        {losses.byArea.length ? `: ${losses.byArea.map((a) => `${a.name} ${formatHectares(a.m2)} (${formatShare(a.share)})`).join("; ")}` : ". No affected area reaches its parcels."}
      </p>
      <DataTable label="Affected area by parcel" caption={{ text: "Affected area by parcel", hidden: true }} className="records">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Parcel</TableColumnHeaderCell>
            <TableColumnHeaderCell>Parcel area</TableColumnHeaderCell>
            <TableColumnHeaderCell>Affected area</TableColumnHeaderCell>
            <TableColumnHeaderCell>Of the parcel</TableColumnHeaderCell>
            <TableColumnHeaderCell>By affected area</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <tbody className="rt-TableBody">
          {losses.parcels.map((parcel) => (
            <tr key={parcel.id} className="rt-TableRow">
              <th scope="row" className="rt-TableCell rt-TableRowHeaderCell">
                {parcel.lotPlan ?? `Parcel ${parcel.id}`}
              </th>
              <td className="rt-TableCell">{formatHectares(parcel.areaM2)}</td>
              <td className="rt-TableCell">{formatHectares(parcel.affectedM2)}</td>
              <td className="rt-TableCell">{formatShare(parcel.share)}</td>
              <td className="rt-TableCell cell--text">
                {parcel.byArea.length ? (
                  <ul className="plain-list">
                    {parcel.byArea.map((a) => (
                      <li key={a.id}>
                        {a.name}: {formatHectares(a.m2)} ({formatShare(a.share)})
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {losses.more > 0 ? <p className="muted">And {losses.more.toLocaleString("en-AU")} more parcels, counted in the total.</p> : null}
    </section>
  );
}

/** A landholder's totals over the parcels of the properties they hold (owned or linked). */
export function LandholderAffectedLand({ losses }: { losses: LandholderLosses }) {
  return (
    <section aria-labelledby="landholder-affected-land">
      <Heading as="h3" size="3" id="landholder-affected-land">
        Affected area
      </Heading>
      <p>
        <strong>{formatHectares(losses.affectedM2)}</strong> of {formatHectares(losses.areaM2)} ({formatShare(losses.share)}) over {losses.parcels.toLocaleString("en-AU")}{" "}
        {losses.parcels === 1 ? "parcel" : "parcels"} of {losses.properties.toLocaleString("en-AU")} {losses.properties === 1 ? "property" : "properties"}.
      </p>
      {losses.byArea.length ? (
        <ul className="plain-list">
          {losses.byArea.map((a) => (
            <li key={a.id}>
              {a.name}: {formatHectares(a.m2)} ({formatShare(a.share)})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
