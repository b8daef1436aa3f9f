import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/radix";
import { FilterSelect, SearchField } from "~/components/kit";
import type { DueFilter, StatusFilter } from "~/modules/commitments/commitment-list.server";

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: "active", label: "Open or in progress" },
  { value: "all", label: "All" },
  { value: "open", label: "Open" },
  { value: "in_progress", label: "In progress" },
  { value: "fulfilled", label: "Fulfilled" },
  { value: "cancelled", label: "Cancelled" },
];
const DUE_OPTIONS: { value: DueFilter; label: string }[] = [
  { value: "any", label: "Any" },
  { value: "overdue", label: "Overdue" },
  { value: "soon", label: "Due soon" },
];

/** Search and filters: one GET form, so it works without JavaScript (docs/records.md#commitments). */
export function CommitmentToolbar({
  list,
  owners,
}: {
  list: { search: string; who: string; status: StatusFilter; due: DueFilter; owner: string | null; sort: string; dir: string };
  owners: { id: string; name: string }[];
}) {
  const filtered = list.search || list.who || list.status !== "active" || list.due !== "any" || list.owner;
  return (
    <Form method="get" role="search" aria-label="Commitments" className="toolbar inline-form commitments-toolbar">
      <SearchField id="commitment-search" label="Search what was promised" value={list.search} />
      <div className="field">
        <label htmlFor="commitment-who" className="field__label">
          Stakeholder or property
        </label>
        <input id="commitment-who" name="who" type="search" defaultValue={list.who} className="native-input" maxLength={200} />
      </div>
      <FilterSelect id="commitment-status" name="status" label="Status" value={list.status} options={STATUS_OPTIONS} />
      <FilterSelect id="commitment-due" name="due" label="Due" value={list.due} options={DUE_OPTIONS} />
      <FilterSelect id="commitment-owner" name="owner" label="Owner" value={list.owner ?? ""} options={owners.map((o) => ({ value: o.id, label: o.name }))} all="Anyone" />
      <input type="hidden" name="sort" value={list.sort} />
      <input type="hidden" name="dir" value={list.dir} />
      <Button type="submit">Apply</Button>
      {filtered ? (
        <Button asChild variant="outline" color="gray">
          <Link to="/commitments">Clear filters</Link>
        </Button>
      ) : null}
    </Form>
  );
}
