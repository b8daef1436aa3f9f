import { Form, Link } from "@remix-run/react";
import { Button } from "@radix-ui/themes";
import { CATEGORY_OPTIONS } from "./DocumentUploadForm";

/** GET search of the document list: text and category; "Clear filters" when either is set. */
export function DocumentsToolbar({ search, category }: { search: string; category: string | null }) {
  return (
    <Form method="get" className="toolbar" role="search" aria-label="Documents">
      <div className="field">
        <label htmlFor="documents-search" className="field__label">
          Search file name, description or tags
        </label>
        <input key={search} id="documents-search" className="field__input" type="search" name="search" defaultValue={search} maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor="documents-category" className="field__label">
          Category
        </label>
        <select key={category ?? ""} id="documents-category" className="field__input" name="category" defaultValue={category ?? ""}>
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
