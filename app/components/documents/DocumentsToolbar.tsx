import { Form, Link } from "@remix-run/react";
import { Button, Text } from "~/components/radix";
import { SearchField } from "~/components/kit";
import { CATEGORY_OPTIONS } from "./DocumentUploadForm";

/** GET search of the document list: text and category; "Clear filters" when either is set. */
export function DocumentsToolbar({ search, category }: { search: string; category: string | null }) {
  return (
    <Form method="get" className="toolbar" role="search" aria-label="Documents">
      <SearchField id="documents-search" label="Search file name, description or tags" value={search} />
      <div className="field">
        <Text as="label" htmlFor="documents-category" weight="bold" className="field__label">
          Category
        </Text>
        <select key={category ?? ""} id="documents-category" className="native-select" name="category" defaultValue={category ?? ""}>
          <option value="">All categories</option>
          {CATEGORY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Search</Button>
      {search || category ? (
        <Button asChild variant="outline" color="gray">
          <Link to="/documents">Clear filters</Link>
        </Button>
      ) : null}
    </Form>
  );
}
