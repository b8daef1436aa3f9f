import { Form } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/radix";
import { DataTable, DateFilterField, TableColumnHeaderCell, TableHeader, TableRow } from "~/components/kit";
import { FIGURE_DEFINITIONS, formatRate, type GrievanceFigures, type Rate } from "~/modules/grievances/figure-definitions";

/**
 * The period form of /grievances/figures: a GET form (works without JavaScript). The kit's fields read
 * a POST's action data, so the errors of this GET form are handed in by the loader.
 */
export function FiguresPeriodForm({ values, errors }: { values: { from: string; to: string }; errors: Record<string, string> | null }) {
  return (
    <Form method="get" className="toolbar" aria-label="Period">
      <DateFilterField name="from" label="From" value={values.from} error={errors?.from} />
      <DateFilterField name="to" label="To" value={values.to} error={errors?.to} />
      <Button type="submit">Show figures</Button>
    </Form>
  );
}

const counted = (r: Rate) => (r.counted ? `${r.onTime} of ${r.counted}` : "None counted");

/** The figures as plain tables with captions (docs/records.md#grievance-figures), then how each is counted. */
export function GrievanceFiguresTables({ figures, jurisdictionLabel }: { figures: GrievanceFigures; jurisdictionLabel: string }) {
  const d = FIGURE_DEFINITIONS;
  const median = figures.medianBusinessDaysToClose;
  return (
    <>
      <DataTable label="Timeliness" caption={{ text: `Grievances received from ${figures.from} to ${figures.to} (worked out on ${figures.today})` }} className="records grievance-figures">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Figure</TableColumnHeaderCell>
            <TableColumnHeaderCell>Value</TableColumnHeaderCell>
            <TableColumnHeaderCell>Counted</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <tbody className="rt-TableBody">
          <FigureRow label={d.received.label} value={String(figures.received)} count="" />
          <FigureRow label={d.acknowledgedOnTime.label} value={formatRate(figures.acknowledgedOnTime)} count={counted(figures.acknowledgedOnTime)} />
          <FigureRow label={d.resolvedOnTime.label} value={formatRate(figures.resolvedOnTime)} count={counted(figures.resolvedOnTime)} />
          <FigureRow label={d.medianBusinessDaysToClose.label} value={median.median === null ? "None closed" : String(median.median)} count={`${median.closed} closed`} />
        </tbody>
      </DataTable>

      <DataTable label="Open by category" caption={{ text: "Open now by category, of the grievances received in the period" }} className="records grievance-figures">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Category</TableColumnHeaderCell>
            <TableColumnHeaderCell>Open</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <tbody className="rt-TableBody">
          {figures.openByCategory.map((c) => (
            <FigureRow key={c.category} label={c.label} value={String(c.open)} />
          ))}
          <FigureRow label="Total open" value={String(figures.open)} />
        </tbody>
      </DataTable>

      <DataTable label="Open by age" caption={{ text: "Open now by age in business days, of the grievances received in the period" }} className="records grievance-figures">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Age</TableColumnHeaderCell>
            <TableColumnHeaderCell>Open</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <tbody className="rt-TableBody">
          {figures.openByAge.map((a) => (
            <FigureRow key={a.bucket} label={a.label} value={String(a.open)} />
          ))}
        </tbody>
      </DataTable>

      <section aria-labelledby="figure-definitions-title">
        <Heading as="h2" size="4" id="figure-definitions-title">
          How these figures are counted
        </Heading>
        <Text as="p">
          Business days are Monday to Friday except the public holidays of {jurisdictionLabel}; dates are days in the project&apos;s time zone. Open grievances are counted among those received in the
          period, not across the whole register.
        </Text>
        <dl className="figure-definitions">
          {Object.entries(d).map(([name, def]) => (
            <div key={name}>
              <dt>
                <strong>{def.label}</strong>
              </dt>
              <dd>{def.definition}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

function FigureRow({ label, value, count }: { label: string; value: string; count?: string }) {
  return (
    <tr className="rt-TableRow">
      <th scope="row" className="rt-TableCell rt-TableRowHeaderCell">
        {label}
      </th>
      <td className="rt-TableCell">{value}</td>
      {count !== undefined ? <td className="rt-TableCell">{count}</td> : null}
    </tr>
  );
}
