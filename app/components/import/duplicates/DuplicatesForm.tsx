import { Form, useNavigation } from "@remix-run/react";
import { Button, Callout, Flex, Text } from "~/components/radix";
import { ErrorSummary, useFormErrors } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { DUPLICATES_FORM_ID, duplicatesUrl, type PendingDuplicateView } from "~/modules/import/duplicate-view";
import { plural } from "~/modules/import/wizard";
import { DuplicateItem } from "./DuplicateItem";

interface Props {
  importId: number;
  items: PendingDuplicateView[];
  total: number;
  undecided: number;
  page: number;
  pageCount: number;
  firstUndecidedPage: number | null;
  /** Back undoes the import: only for a role that may delete records (docs/import.md#undo). */
  canUndo: boolean;
}

/**
 * Step 4: every held-back row of this page with its radio group; buttons post the page's choices. Pages
 * are moved between with "Save and go to page N" (a link would lose what was chosen on this page);
 * Resolve saves this page and resolves them all; Back undoes the import and returns to the mapping.
 */
export function DuplicatesForm({ importId, items, total, undecided, page, pageCount, firstUndecidedPage, canUndo }: Props) {
  const errors = useFormErrors(DUPLICATES_FORM_ID);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const firstItem = items[0] ? `choice-${items[0].id}` : undefined;
  const undecidedElsewhere = firstUndecidedPage !== null && firstUndecidedPage !== page;
  return (
    <Form method="post" action={duplicatesUrl(importId, page)} className="stack" noValidate>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={firstItem ? { [FORM_ERROR]: `${firstItem}-create` } : {}} />
      {errors && undecidedElsewhere ? (
        <Text as="p" role="status">
          Rows on page {firstUndecidedPage} still need a choice: use “Save and go to page {firstUndecidedPage}” below.
        </Text>
      ) : null}
      <input type="hidden" name="page" value={page} />
      <Callout.Root color="amber" role="status">
        <Callout.Text>
          <strong>Duplicates Found:</strong> {plural(total, "row")} of the file look like records already in the project (or earlier in the file). Choose what to do with each;{" "}
          {plural(undecided, "row")} still {undecided === 1 ? "needs" : "need"} a choice. Page {page} of {pageCount}.
        </Callout.Text>
      </Callout.Root>
      {items.map((item) => (
        <DuplicateItem key={item.id} item={item} invalid={Boolean(errors)} />
      ))}
      {pageCount > 1 ? (
        <nav aria-label="Pages of duplicates">
          <Flex gap="2" wrap="wrap">
            {Array.from({ length: pageCount }, (_, i) => i + 1)
              .filter((n) => n !== page)
              .map((n) => (
                <Button key={n} type="submit" name="goto" value={n} variant="soft" disabled={busy}>
                  Save and go to page {n}
                </Button>
              ))}
          </Flex>
        </nav>
      ) : null}
      <Flex gap="3" wrap="wrap">
        <Button type="submit" name="intent" value="resolve" disabled={busy}>
          Resolve duplicates
        </Button>
        {canUndo ? (
          <Button type="submit" name="intent" value="back" variant="soft" color="gray" disabled={busy} formNoValidate>
            Back to mapping (undo this import)
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}
