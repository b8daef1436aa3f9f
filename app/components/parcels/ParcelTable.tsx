import { DataTable, RowLink, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import type { MapTableRow } from "~/modules/parcels/map-page.server";
import { Swatch, FILL_LEGEND } from "./ParcelMap";

const FILL_LABEL = Object.fromEntries(FILL_LEGEND.map((l) => [l.fill, l.label]));

/** The parcels of the map's view as a table (docs/records.md#the-map): the same parcels, names and statuses, a page at a time. */
export function ParcelTable({ rows }: { rows: MapTableRow[] }) {
  return (
    <DataTable labelledBy="parcel-table-heading" caption={{ text: "Parcels in the map's view", hidden: true }} className="records parcel-table">
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>Address</TableColumnHeaderCell>
          <TableColumnHeaderCell>Lot/Plan</TableColumnHeaderCell>
          <TableColumnHeaderCell>LAA status</TableColumnHeaderCell>
          <TableColumnHeaderCell>Area</TableColumnHeaderCell>
          <TableColumnHeaderCell>Affected</TableColumnHeaderCell>
        </TableRow>
      </TableHeader>
      <tbody className="rt-TableBody">
        {rows.map((row) => (
          <tr key={row.id} className="rt-TableRow">
            <th scope="row" className="rt-TableCell rt-TableRowHeaderCell cell--text">
              {row.propertyId ? <RowLink to={`/properties?highlight=${row.propertyId}`}>{row.address ?? "No address"}</RowLink> : (row.address ?? <span className="muted">No address</span>)}
            </th>
            <td className="rt-TableCell">{row.lotPlan ?? <span className="muted">None</span>}</td>
            <td className="rt-TableCell">
              <span className="map-status">
                <Swatch fill={row.fill} />
                {FILL_LABEL[row.fill]}
              </span>
            </td>
            <td className="rt-TableCell">{row.areaHa}</td>
            <td className="rt-TableCell">{row.affected ?? <span className="muted">None</span>}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
