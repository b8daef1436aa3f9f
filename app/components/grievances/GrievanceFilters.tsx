import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/radix";
import { FilterSelect, SearchField, type FilterOption } from "~/components/kit";
import { CATEGORY_OPTIONS, STAGE_OPTIONS } from "~/modules/grievances/labels";

/** Search and filters as one GET form (works without JavaScript); sorting is kept across a search. */
export function GrievanceFilters(props: {
  search: string;
  stage: string | null;
  overdue: boolean;
  category: string | null;
  ownerId: string | null;
  propertyId: number | null;
  place: string;
  sort: string;
  dir: string;
  owners: FilterOption[];
}) {
  const filtered = Boolean(props.search || props.stage || props.overdue || props.category || props.ownerId || props.propertyId || props.place);
  return (
    <Form method="get" role="search" aria-label="Grievances" className="toolbar grievance-filters">
      <SearchField id="grievance-search" label="Search grievances" hint="Reference, complainant or description" value={props.search} />
      <FilterSelect id="grievance-filter-stage" name="stage" label="Stage" value={props.stage ?? ""} options={[{ value: "open", label: "Open (not closed)" }, ...STAGE_OPTIONS]} all="All stages" />
      <FilterSelect id="grievance-filter-category" name="category" label="Category" value={props.category ?? ""} options={CATEGORY_OPTIONS} all="All categories" />
      <FilterSelect id="grievance-filter-owner" name="owner" label="Owner" value={props.ownerId ?? ""} options={props.owners} all="Anyone" />
      <SearchField id="grievance-filter-place" name="place" label="Property" hint="Address, title or lot/plan" value={props.place} />
      <div className="checkbox-field">
        <input id="grievance-filter-overdue" type="checkbox" name="overdue" value="yes" defaultChecked={props.overdue} />
        <label htmlFor="grievance-filter-overdue">Overdue only</label>
      </div>
      {props.propertyId ? <input type="hidden" name="property" value={props.propertyId} /> : null}
      {props.sort !== "receivedAt" || props.dir !== "desc" ? (
        <>
          <input type="hidden" name="sort" value={props.sort} />
          <input type="hidden" name="dir" value={props.dir} />
        </>
      ) : null}
      <Button type="submit">Apply</Button>
      {filtered ? (
        <Button asChild variant="outline" color="gray">
          <Link to="/grievances">Clear filters</Link>
        </Button>
      ) : null}
    </Form>
  );
}
