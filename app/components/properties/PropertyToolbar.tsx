import { Form, Link, useLocation } from "@remix-run/react";
import { Button } from "~/components/radix";
import { SearchField } from "~/components/kit";
import type { LaaFilter } from "~/modules/property/laa-status";
import { withParams } from "~/utils/list-query";

const LAA_OPTIONS: { value: LaaFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "with", label: "With LAA" },
  { value: "without", label: "Without LAA" },
];

/** Search (a GET form), Cards / Table toggle and the LAA filter: plain links and forms, no script needed. */
export function PropertyToolbar({ search, view, laa, sort, dir }: { search: string; view: "cards" | "table"; laa: LaaFilter; sort: string; dir: string }) {
  const location = useLocation();
  const link = (changes: Record<string, string | null>) => withParams(location.search, { ...changes, page: null, highlight: null, tab: null, new: null, edit: null, link: null });
  return (
    <div className="toolbar properties-toolbar">
      <Form method="get" role="search" aria-label="Properties" className="inline-form">
        <SearchField id="property-search" label="Search properties" hint="Address, search number, volume, folio or proprietor" value={search} />
        {view !== "table" ? <input type="hidden" name="view" value={view} /> : null}
        {laa !== "all" ? <input type="hidden" name="laa" value={laa} /> : null}
        {sort !== "address" || dir !== "asc" ? (
          <>
            <input type="hidden" name="sort" value={sort} />
            <input type="hidden" name="dir" value={dir} />
          </>
        ) : null}
        <Button type="submit">Search</Button>
        {search ? (
          <Button asChild variant="outline" color="gray">
            <Link to={link({ search: null })}>Clear search</Link>
          </Button>
        ) : null}
      </Form>
      <nav aria-label="View" className="segmented">
        {(["cards", "table"] as const).map((v) => (
          <Link key={v} to={link({ view: v === "table" ? null : v })} aria-current={view === v ? "page" : undefined} className="segmented__item">
            {v === "cards" ? "Cards" : "Table"}
          </Link>
        ))}
      </nav>
      <nav aria-label="LAA filter" className="segmented">
        {LAA_OPTIONS.map((option) => (
          <Link key={option.value} to={link({ laa: option.value === "all" ? null : option.value })} aria-current={laa === option.value ? "page" : undefined} className="segmented__item">
            {option.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
