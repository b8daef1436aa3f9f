import { Link } from "@remix-run/react";
import { DataTable, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import type { AffectedAreaRow } from "~/modules/affected-areas/affected-areas.server";
import { formatHectares, KIND_LABELS } from "~/modules/affected-areas/format";

/** The project's corridors and easements: what each is and what it takes of the parcels. */
export function AffectedAreaTable({ rows, deleteTo }: { rows: AffectedAreaRow[]; deleteTo: ((id: number) => string) | null }) {
  return (
    <DataTable label="Affected areas" caption={{ text: "Affected areas of the current project", hidden: true }} className="records affected-areas-table">
      <TableHeader>
        <TableRow>
          <TableColumnHeaderCell>Name</TableColumnHeaderCell>
          <TableColumnHeaderCell>Kind</TableColumnHeaderCell>
          <TableColumnHeaderCell>Width</TableColumnHeaderCell>
          <TableColumnHeaderCell>Total area</TableColumnHeaderCell>
          <TableColumnHeaderCell>Parcels affected</TableColumnHeaderCell>
          <TableColumnHeaderCell>Land taken from parcels</TableColumnHeaderCell>
          {deleteTo ? (
            <TableColumnHeaderCell>
              <span className="visually-hidden">Actions</span>
            </TableColumnHeaderCell>
          ) : null}
        </TableRow>
      </TableHeader>
      <tbody className="rt-TableBody">
        {rows.map((row) => (
          <tr key={row.id} className="rt-TableRow">
            <th scope="row" className="rt-TableCell rt-TableRowHeaderCell cell--text">
              {row.name}
            </th>
            <td className="rt-TableCell">{KIND_LABELS[row.kind]}</td>
            <td className="rt-TableCell">{row.widthMetres === null ? <span className="muted">Not applicable</span> : `${row.widthMetres.toLocaleString("en-AU")} m`}</td>
            <td className="rt-TableCell">{formatHectares(row.areaM2)}</td>
            <td className="rt-TableCell">{row.parcels.toLocaleString("en-AU")}</td>
            <td className="rt-TableCell">{formatHectares(row.parcelM2)}</td>
            {deleteTo ? (
              <td className="rt-TableCell">
                <Link to={deleteTo(row.id)} preventScrollReset>
                  Delete<span className="visually-hidden"> {row.name}</span>
                </Link>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
