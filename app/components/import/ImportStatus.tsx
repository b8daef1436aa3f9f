import { useEffect } from "react";
import { Form, Link, useRevalidator } from "@remix-run/react";
import { Button, Callout, Card, DataList, Flex, Heading, Text } from "~/components/radix";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, Pagination } from "~/components/kit";
import { IMPORT_FAILED_MESSAGE, plural, wizardUrls } from "~/modules/import/wizard";
import type { ImportType } from "~/modules/import/import-fields";

export interface ImportSummary {
  id: number;
  status: "queued" | "running" | "completed" | "failed" | "undone";
  importType: ImportType;
  fileName: string;
  totalRows: number;
  processedRows: number;
  counts: {
    imported: number;
    updated: number;
    skipped: number;
    autoMergedProperties: number;
    created: number;
    linked: number;
    stakeholdersCreated: number;
    stakeholdersLinked: number;
    parcelsMatched: number;
    parcelsUnmatched: number;
    shapesRepaired: number;
  };
  error: string | null;
}

interface SkippedRows {
  rows: { rowNumber: number; column: string; value: string; reason: string }[];
  listed: number;
  total: number;
  page: number;
  pageSize: number;
}

const POLL_MS = 1000;

/** With JavaScript the page asks for fresh data every second while the job runs (no meta refresh: WCAG F41). */
function useRevalidateWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, revalidator]);
}

/** Step 4: progress while queued or running, then the outcome. One live region announces the change. */
export function ImportStatus({ summary, skipped, retryUrl }: { summary: ImportSummary; skipped: SkippedRows; retryUrl: string | null }) {
  const running = summary.status === "queued" || summary.status === "running";
  useRevalidateWhile(running);
  return (
    <div className="stack">
      <div aria-live="polite" className="import-status">
        {running ? <Progress summary={summary} /> : summary.status === "failed" ? <Failed summary={summary} retryUrl={retryUrl} /> : <Complete summary={summary} />}
      </div>
      {running ? (
        <Form method="get" action={wizardUrls.progress(summary.id)}>
          <Button type="submit" variant="outline">
            Check progress
          </Button>
        </Form>
      ) : null}
      {summary.status === "completed" || summary.status === "undone" ? <SkippedRowsSection id={summary.id} skipped={skipped} /> : null}
      {!running ? (
        <Flex gap="2" wrap="wrap">
          <Button asChild size="3">
            <Link to={wizardUrls.upload(summary.importType)}>Import Another File</Link>
          </Button>
          <Button asChild size="3" variant="outline">
            <Link to={wizardUrls.history()}>Import history</Link>
          </Button>
        </Flex>
      ) : null}
    </div>
  );
}

function Progress({ summary }: { summary: ImportSummary }) {
  const total = Math.max(summary.totalRows, 0);
  const done = Math.min(summary.processedRows, total);
  return (
    <Card size="3">
      <Heading as="h2" size="5">
        {summary.status === "queued" ? "Waiting to start…" : `Importing… ${done.toLocaleString("en-AU")} of ${total.toLocaleString("en-AU")} rows`}
      </Heading>
      <progress className="import-progress" max={total || 1} value={done} aria-label={`Rows imported from ${summary.fileName}`}>
        {done} of {total}
      </progress>
      <Text as="p" color="gray">
        {summary.fileName}: the rows are written all at once when every row has been read, so the project changes only when the import completes.
      </Text>
    </Card>
  );
}

function Failed({ summary, retryUrl }: { summary: ImportSummary; retryUrl: string | null }) {
  return (
    <Callout.Root color="red" size="3">
      <Callout.Text>
        <strong>Import failed.</strong> {summary.error || IMPORT_FAILED_MESSAGE} Nothing from {summary.fileName} was saved.
      </Callout.Text>
      {retryUrl ? (
        <div>
          <Button asChild>
            <Link to={retryUrl}>Try again</Link>
          </Button>
        </div>
      ) : null}
    </Callout.Root>
  );
}

function Complete({ summary }: { summary: ImportSummary }) {
  const c = summary.counts;
  if (summary.importType === "parcels") return <ParcelsComplete summary={summary} />;
  const items: [string, number][] = [
    ["Imported", c.imported],
    ["Updated", c.updated],
    ["Skipped", c.skipped],
    ["Auto-merged properties", c.autoMergedProperties],
    ["Created", c.created],
    ["Linked", c.linked],
  ];
  if (summary.importType === "properties") items.push(["Stakeholders created", c.stakeholdersCreated], ["Stakeholders linked", c.stakeholdersLinked]);
  return (
    <Card size="3">
      <Heading as="h2" size="5">
        {summary.status === "undone" ? "Import undone" : "Import Successful!"}
      </Heading>
      <Text as="p">
        {summary.fileName}: {plural(c.imported, "row")} imported, {c.updated.toLocaleString("en-AU")} updated, {c.skipped.toLocaleString("en-AU")} skipped,{" "}
        {c.autoMergedProperties.toLocaleString("en-AU")} auto-merged.
      </Text>
      <DataList.Root size="2" className="import-counts">
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value.toLocaleString("en-AU")}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Card>
  );
}

/** A parcel import's outcome (docs/import.md#parcels): parcels imported, matched and not, shapes repaired and skipped; the review step for the unmatched. */
function ParcelsComplete({ summary }: { summary: ImportSummary }) {
  const c = summary.counts;
  const items: [string, number][] = [
    ["Parcels imported", c.imported],
    ["Matched to a property by lot/plan", c.parcelsMatched],
    ["Not matched", c.parcelsUnmatched],
    ["Shapes repaired", c.shapesRepaired],
    ["Skipped", c.skipped],
  ];
  return (
    <Card size="3">
      <Heading as="h2" size="5">
        {summary.status === "undone" ? "Import undone" : "Import Successful!"}
      </Heading>
      <Text as="p">
        {summary.fileName}: {plural(c.imported, "parcel")} imported, {c.parcelsMatched.toLocaleString("en-AU")} matched to a property, {c.parcelsUnmatched.toLocaleString("en-AU")} not matched,{" "}
        {c.skipped.toLocaleString("en-AU")} skipped.
      </Text>
      <DataList.Root size="2" className="import-counts">
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value.toLocaleString("en-AU")}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      {summary.status === "completed" && c.imported ? (
        <div>
          <Button asChild size="3">
            <Link to={wizardUrls.parcels(summary.id)}>Review unmatched parcels</Link>
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function SkippedRowsSection({ id, skipped }: { id: number; skipped: SkippedRows }) {
  if (skipped.total === 0) return null;
  return (
    <section aria-labelledby="skipped-title" className="stack">
      <Heading as="h2" size="5" id="skipped-title">
        Skipped rows ({skipped.total.toLocaleString("en-AU")})
      </Heading>
      <Text as="p">
        These rows were not imported. Row numbers are as in the file, counting the header row.{" "}
        {skipped.listed < skipped.total ? `The first ${skipped.listed.toLocaleString("en-AU")} are listed here; the download has them all. ` : null}
        <a href={wizardUrls.skippedCsv(id)} download>
          Download skipped rows (CSV)
        </a>
      </Text>
      <DataTable labelledBy="skipped-title">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Row</TableColumnHeaderCell>
            <TableColumnHeaderCell>Column</TableColumnHeaderCell>
            <TableColumnHeaderCell>Value</TableColumnHeaderCell>
            <TableColumnHeaderCell>Reason</TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {skipped.rows.map((row, i) => (
            <TableRow key={`${row.rowNumber}-${i}`}>
              <TableCell>{row.rowNumber}</TableCell>
              <TableCell className="cell--text">{row.column}</TableCell>
              <TableCell className="cell--text">{row.value}</TableCell>
              <TableCell className="cell--text">{row.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </DataTable>
      <Pagination page={skipped.page} pageSize={skipped.pageSize} total={skipped.listed} label="Skipped rows" />
    </section>
  );
}
