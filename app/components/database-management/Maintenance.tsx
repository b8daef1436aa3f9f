import { Form, Link, useLocation } from "@remix-run/react";
import { FormActions, DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell, PanelDialog } from "~/components/kit";
import { Button, Card, Flex, Heading, Text, TextField } from "~/components/radix";
import type { RecordRow } from "~/modules/database-management/database-management.server";
import type { NormalisePlan } from "~/modules/database-management/normalise.server";
import type { NormalizeType, RecordType } from "~/modules/database-management/schemas";
import { databaseManagementUrl } from "~/modules/database-management/urls";
import { ProjectIdField } from "./ProjectIdField";
import { formatDate } from "~/utils/dates";
import { STATUS_LABELS } from "~/modules/commitments/rules";
import { STAGE_LABELS } from "~/modules/grievances/stages";

const NORMALIZE_LABELS: Record<NormalizeType, string> = { stakeholders: "Normalize Stakeholders", properties: "Normalize Properties", all: "Normalize All Data" };
const RECORD_LABELS: Record<RecordType, string> = {
  stakeholders: "stakeholders",
  properties: "properties",
  engagements: "engagements",
  grievances: "grievances",
  commitments: "commitments",
};

/** The Text Normalization card (docs/administration.md#text-normalisation): what it does, and a button per scope that opens the preview. */
export function NormalisationCard() {
  const { search } = useLocation();
  return (
    <Card asChild size="3">
      <section aria-labelledby="normalize-title" className="stack">
        <Heading as="h2" size="5" id="normalize-title">
          Text Normalization
        </Heading>
        <Text as="p">
          Fully uppercase text becomes Title Case (&ldquo;JOHN SMITH&rdquo; becomes &ldquo;John Smith&rdquo;). Abbreviations stay uppercase: state codes (NSW, VIC, QLD, WA, SA, TAS, NT, ACT), company
          suffixes (PTY LTD), job titles (CEO, CFO) and others such as PO and DP. Mixed-case text is untouched: only fully uppercase text is processed. Names, company names, addresses and proprietors
          are normalized; e-mail addresses, notes and title references are not.
        </Text>
        <Flex gap="2" wrap="wrap">
          {(Object.keys(NORMALIZE_LABELS) as NormalizeType[]).map((type) => (
            <Button asChild key={type} variant={type === "all" ? "solid" : "outline"}>
              <Link to={databaseManagementUrl(search, { normalize: type })} preventScrollReset>
                {NORMALIZE_LABELS[type]}
              </Link>
            </Button>
          ))}
        </Flex>
      </section>
    </Card>
  );
}

/** ?normalize=TYPE: how many values will change, with examples, and the button that applies it. */
export function NormalisePanel({ dataType, plan }: { dataType: NormalizeType; plan: NormalisePlan }) {
  const { search } = useLocation();
  const closeTo = databaseManagementUrl(search);
  return (
    <PanelDialog id="normalize-confirm" title={NORMALIZE_LABELS[dataType]} closeTo={closeTo} wide>
      {plan.values === 0 ? (
        <Text as="p">No fully uppercase text was found: nothing will change.</Text>
      ) : (
        <>
          <Text as="p">
            {plan.values.toLocaleString("en-AU")} {plan.values === 1 ? "value" : "values"} in {plan.records.toLocaleString("en-AU")} {plan.records === 1 ? "record" : "records"} will change. Each
            change is recorded in the records&rsquo; history.
          </Text>
          <DataTable caption={{ text: "Examples of the changes" }} label="Examples of the changes">
            <TableHeader>
              <TableRow>
                <TableColumnHeaderCell>Record</TableColumnHeaderCell>
                <TableColumnHeaderCell>Field</TableColumnHeaderCell>
                <TableColumnHeaderCell>Now</TableColumnHeaderCell>
                <TableColumnHeaderCell>Becomes</TableColumnHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plan.examples.map((example, index) => (
                <TableRow key={index}>
                  <TableCell>{example.recordType}</TableCell>
                  <TableCell>{example.field}</TableCell>
                  <TableCell className="cell--text">{example.before}</TableCell>
                  <TableCell className="cell--text">{example.after}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </DataTable>
        </>
      )}
      <Form method="post" action={closeTo}>
        <input type="hidden" name="intent" value="normalize" />
        <input type="hidden" name="dataType" value={dataType} />
        <Flex gap="2" wrap="wrap" mt="3">
          {plan.values > 0 ? <Button type="submit">Normalize {plan.values.toLocaleString("en-AU")} values</Button> : null}
          <Button asChild variant="outline" color="gray">
            <Link to={closeTo} preventScrollReset>
              Cancel
            </Link>
          </Button>
        </Flex>
      </Form>
    </PanelDialog>
  );
}

function rowCells(row: RecordRow) {
  if (row.type === "stakeholders") return [row.name, row.email ?? "N/A", row.memberType ?? "N/A"];
  if (row.type === "properties") return [row.address, row.volume && row.folio ? `${row.volume}/${row.folio}` : "", row.lot && row.plan ? `${row.lot}/${row.plan}` : ""];
  if (row.type === "grievances") return [row.reference, row.complainant ?? "Anonymous", STAGE_LABELS[row.stage as keyof typeof STAGE_LABELS] ?? row.stage];
  if (row.type === "commitments") return [row.description, STATUS_LABELS[row.status as keyof typeof STATUS_LABELS] ?? row.status, row.dueDate ? formatDate(row.dueDate) : "N/A"];
  return [row.title, row.engagementType, row.scheduledAt ? formatDate(row.scheduledAt) : "N/A"];
}

const COLUMNS: Record<RecordType, string[]> = {
  stakeholders: ["Name", "Email", "Type"],
  properties: ["Address", "Volume/Folio", "Lot/Plan"],
  engagements: ["Title", "Type", "Date"],
  grievances: ["Reference", "Complainant", "Stage"],
  commitments: ["Promise", "Status", "Due"],
};

export interface RecordSearchData {
  records: RecordType;
  term: string;
  tooShort: boolean;
  rows: RecordRow[];
  total: number;
}

/** Individual Record Management: a GET search (3 characters at least) and a Delete link per row. */
export function RecordSearch({ search: data }: { search: RecordSearchData }) {
  const { search } = useLocation();
  const label = RECORD_LABELS[data.records];
  return (
    <Card asChild size="3">
      <section aria-labelledby="records-title" className="stack">
        <Heading as="h2" size="5" id="records-title">
          Individual Record Management
        </Heading>
        <Form method="get" action="/database-management" className="stack">
          <ProjectIdField />
          <Flex gap="3" wrap="wrap" align="end">
            <div className="field">
              <Text as="label" htmlFor="field-records" weight="bold" className="field__label">
                Record type
              </Text>
              <select id="field-records" name="records" defaultValue={data.records} className="native-select" key={data.records}>
                <option value="stakeholders">Stakeholders</option>
                <option value="properties">Properties</option>
                <option value="engagements">Engagements</option>
                <option value="grievances">Grievances</option>
                <option value="commitments">Commitments</option>
              </select>
            </div>
            <div className="field">
              <Text as="label" htmlFor="field-record-search" weight="bold" className="field__label">
                Search
              </Text>
              <Text as="p" id="field-record-search-hint" color="gray" className="field__hint">
                Minimum 3 characters
              </Text>
              <TextField.Root key={data.term} id="field-record-search" type="search" name="search" defaultValue={data.term} maxLength={200} aria-describedby="field-record-search-hint" />
            </div>
            <Button type="submit">Search</Button>
          </Flex>
        </Form>
        {data.tooShort ? <Text as="p">Type at least 3 characters to search.</Text> : null}
        {data.term.length >= 3 ? (
          <>
            <div role="status">
              <Heading as="h3" size="4" id="records-result">
                {data.total ? `Found ${data.total.toLocaleString("en-AU")} ${label}` : `No ${label} found matching "${data.term}"`}
              </Heading>
            </div>
            {data.total > data.rows.length ? <Text as="p">Showing the first {data.rows.length}: narrow the search to see the others.</Text> : null}
            {data.rows.length ? (
              <DataTable labelledBy="records-result">
                <TableHeader>
                  <TableRow>
                    {COLUMNS[data.records].map((c) => (
                      <TableColumnHeaderCell key={c}>{c}</TableColumnHeaderCell>
                    ))}
                    <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.rows.map((row) => {
                    const [first, ...rest] = rowCells(row);
                    return (
                      <TableRow key={row.id}>
                        <TableRowHeaderCell className="cell--text">{first}</TableRowHeaderCell>
                        {rest.map((cell, i) => (
                          <TableCell key={i} className="cell--text">
                            {cell}
                          </TableCell>
                        ))}
                        <TableCell>
                          <Link to={databaseManagementUrl(search, { delete: row.id })} preventScrollReset aria-label={`Delete ${first}`}>
                            Delete
                          </Link>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </DataTable>
            ) : null}
          </>
        ) : null}
      </section>
    </Card>
  );
}

/** ?delete=ID: the spec's confirm dialog as a URL. */
export function DeleteRecordPanel({ row, records, term }: { row: RecordRow; records: RecordType; term: string }) {
  const { search } = useLocation();
  const closeTo = databaseManagementUrl(search);
  const [name] = rowCells(row);
  return (
    <PanelDialog id="delete-record" title="Delete record" closeTo={closeTo}>
      <Text as="p">
        Are you sure you want to delete &ldquo;{name}&rdquo;? This action cannot be undone.
        {row.type === "stakeholders" ? " Their interactions and property links are deleted with them." : ""}
      </Text>
      <Form method="post" action={closeTo}>
        <input type="hidden" name="intent" value="delete-record" />
        <input type="hidden" name="records" value={records} />
        <input type="hidden" name="search" value={term} />
        <input type="hidden" name="id" value={row.id} />
        <FormActions submitLabel="Delete" cancelTo={closeTo} danger />
      </Form>
    </PanelDialog>
  );
}
