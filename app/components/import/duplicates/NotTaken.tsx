import { Heading, Text } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";

interface Row {
  rowNumber: number;
  recordId: number;
  label: string;
  existing: string;
  incoming: string;
}

/** After merges: the values the file had that were not taken because the record already had its own. */
export function NotTaken({ rows }: { rows: Row[] }) {
  if (!rows.length) return null;
  return (
    <section aria-labelledby="not-taken-title" className="stack">
      <Heading as="h3" size="4" id="not-taken-title">
        Values kept as they were
      </Heading>
      <Text as="p">A merge fills only blank fields: where the record already had a value, it kept it. These values from the file were not taken.</Text>
      <DataTable labelledBy="not-taken-title">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Row</TableColumnHeaderCell>
            <TableColumnHeaderCell>Field</TableColumnHeaderCell>
            <TableColumnHeaderCell>Kept</TableColumnHeaderCell>
            <TableColumnHeaderCell>In the file (not taken)</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={`${row.rowNumber}-${row.label}-${index}`}>
              <TableRowHeaderCell>{row.rowNumber}</TableRowHeaderCell>
              <TableCell>{row.label}</TableCell>
              <TableCell className="cell--text">{row.existing}</TableCell>
              <TableCell className="cell--text">{row.incoming}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </DataTable>
    </section>
  );
}
