import { Form, Link } from "@remix-run/react";
import { Button, Card, DataList, Flex, Heading, Text } from "~/components/radix";
import { DataTable, Pagination, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell } from "~/components/kit";
import { plural, wizardUrls } from "~/modules/import/wizard";

interface Parcel {
  id: number;
  lotPlan: string | null;
  lotPlanKey: string | null;
  address: string | null;
  titleReference: string | null;
  areaM2: number;
}

interface Linking {
  parcel: Parcel;
  q: string;
  choices: { id: number; address: string; lotPlan: string | null }[];
}

const hectares = (m2: number) => `${(m2 / 10_000).toLocaleString("en-AU", { maximumFractionDigits: 2 })} ha`;
const nameOf = (parcel: Parcel) => parcel.lotPlan ?? parcel.address ?? `Parcel ${parcel.id}`;

/** The search-then-pick for one parcel: a GET search form, then a Link button per property found (no JavaScript needed). */
function LinkPanel({ importId, linking, page }: { importId: number; linking: Linking; page: number }) {
  const { parcel } = linking;
  return (
    <Card asChild size="3">
      <section aria-labelledby="link-parcel-title" className="stack">
        <Heading as="h3" size="4" id="link-parcel-title">
          Link {nameOf(parcel)} to a property
        </Heading>
        <Form method="get" action={wizardUrls.parcels(importId)} className="stack">
          <input type="hidden" name="link" value={parcel.id} />
          {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
          <div className="field">
            <label htmlFor="link-search" className="field__label">
              Find the property by address, title or lot/plan
            </label>
            <input id="link-search" name="q" type="search" defaultValue={linking.q} className="text-input" maxLength={200} />
          </div>
          <Flex gap="2">
            <Button type="submit">Search</Button>
            <Button asChild variant="outline" color="gray">
              <Link to={wizardUrls.parcels(importId, { page })}>Cancel</Link>
            </Button>
          </Flex>
        </Form>
        <div aria-live="polite">{linking.q && !linking.choices.length ? <Text as="p">No property of this project matches “{linking.q}”.</Text> : null}</div>
        {linking.choices.length ? (
          <DataTable labelledBy="link-parcel-title" caption={{ text: `Properties matching “${linking.q}”`, hidden: false }}>
            <TableHeader>
              <TableRow>
                <TableColumnHeaderCell>Address</TableColumnHeaderCell>
                <TableColumnHeaderCell>Lot/plan</TableColumnHeaderCell>
                <TableColumnHeaderCell>Link</TableColumnHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {linking.choices.map((choice) => (
                <TableRow key={choice.id}>
                  <TableRowHeaderCell className="cell--text">{choice.address}</TableRowHeaderCell>
                  <TableCell>{choice.lotPlan ?? "—"}</TableCell>
                  <TableCell>
                    <Form method="post" action={wizardUrls.parcels(importId)}>
                      <input type="hidden" name="intent" value="link" />
                      <input type="hidden" name="parcelId" value={parcel.id} />
                      <input type="hidden" name="propertyId" value={choice.id} />
                      <input type="hidden" name="page" value={page} />
                      <Button type="submit" variant="outline" aria-label={`Link ${nameOf(parcel)} to ${choice.address}`}>
                        Link
                      </Button>
                    </Form>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </DataTable>
        ) : null}
      </section>
    </Card>
  );
}

/**
 * The review step of a parcel import (docs/import.md#parcels): matched and unmatched counts, and each unmatched
 * parcel with "Create a property" and "Link to a property"; a parcel left alone stays unlinked.
 */
export function ParcelReview({
  importId,
  counts,
  rows,
  page,
  pageSize,
  linking,
}: {
  importId: number;
  counts: { matched: number; unmatched: number };
  rows: Parcel[];
  page: number;
  pageSize: number;
  linking: Linking | null;
}) {
  return (
    <div className="stack">
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>Matched to a property</DataList.Label>
          <DataList.Value>{plural(counts.matched, "parcel")}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Not matched</DataList.Label>
          <DataList.Value>{plural(counts.unmatched, "parcel")}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {linking ? <LinkPanel importId={importId} linking={linking} page={page} /> : null}
      {counts.unmatched ? (
        <>
          <Text as="p">
            No property of the project has these parcels&apos; lot/plan. Create a property from a parcel, link it to a property, or leave it unlinked: parcels stay in the project either way.
          </Text>
          <DataTable labelledBy="parcels-title" caption={{ text: "Unmatched parcels", hidden: false }}>
            <TableHeader>
              <TableRow>
                <TableColumnHeaderCell>Lot/plan</TableColumnHeaderCell>
                <TableColumnHeaderCell>Address</TableColumnHeaderCell>
                <TableColumnHeaderCell>Title reference</TableColumnHeaderCell>
                <TableColumnHeaderCell>Area</TableColumnHeaderCell>
                <TableColumnHeaderCell>Actions</TableColumnHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((parcel) => (
                <TableRow key={parcel.id}>
                  <TableRowHeaderCell className="cell--text">{parcel.lotPlan ?? "No lot/plan"}</TableRowHeaderCell>
                  <TableCell className="cell--text">{parcel.address ?? "—"}</TableCell>
                  <TableCell>{parcel.titleReference ?? "—"}</TableCell>
                  <TableCell>{hectares(parcel.areaM2)}</TableCell>
                  <TableCell>
                    <Flex gap="2" wrap="wrap" align="center">
                      <Form method="post" action={wizardUrls.parcels(importId)}>
                        <input type="hidden" name="intent" value="create" />
                        <input type="hidden" name="parcelId" value={parcel.id} />
                        <input type="hidden" name="page" value={page} />
                        <Button type="submit" variant="outline" aria-label={`Create a property from ${nameOf(parcel)}`}>
                          Create a property
                        </Button>
                      </Form>
                      <Link to={wizardUrls.parcels(importId, { link: parcel.id, q: parcel.lotPlanKey ?? parcel.address ?? "", page })} aria-label={`Link ${nameOf(parcel)} to a property`}>
                        Link to a property
                      </Link>
                    </Flex>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </DataTable>
          <Pagination page={page} pageSize={pageSize} total={counts.unmatched} label="Unmatched parcels" />
          <Form method="post" action={wizardUrls.parcels(importId)}>
            <input type="hidden" name="intent" value="create-all" />
            <Button type="submit" variant="outline">
              Create a property for each unmatched parcel ({counts.unmatched.toLocaleString("en-AU")})
            </Button>
          </Form>
        </>
      ) : (
        <Text as="p" role="status">
          Every parcel of this import is linked to a property.
        </Text>
      )}
      <Flex gap="2" wrap="wrap">
        <Button asChild size="3">
          <Link to={wizardUrls.progress(importId)}>Finish</Link>
        </Button>
      </Flex>
    </div>
  );
}
