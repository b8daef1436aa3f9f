import { Form, Link } from "@remix-run/react";
import { Button } from "@radix-ui/themes";
import { SearchField } from "~/components/kit";
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
      <div className="field">
        <label htmlFor="commitment-status" className="field__label">
          Status
        </label>
        <select id="commitment-status" name="status" defaultValue={list.status} className="native-select">
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="commitment-due" className="field__label">
          Due
        </label>
        <select id="commitment-due" name="due" defaultValue={list.due} className="native-select">
          {DUE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="commitment-owner" className="field__label">
          Owner
        </label>
        <select id="commitment-owner" name="owner" defaultValue={list.owner ?? ""} className="native-select">
          <option value="">Anyone</option>
          {owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
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
