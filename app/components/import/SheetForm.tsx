import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Card, Flex, Heading, Text } from "~/components/radix";
import { ErrorSummary, fieldId, useFormErrors } from "~/components/kit";
import type { ImportType } from "~/modules/import/import-fields";
import { plural, SHEET_FORM_ID, wizardUrls } from "~/modules/import/wizard";

const SHEET_ID = fieldId("selectedSheet");

/** Step 2 (a workbook with several sheets): the real sheet names with their row counts as radio buttons. */
export function SheetForm({ workbook, importType }: { workbook: { workbookKey: string; fileName: string; sheets: { name: string; rowCount: number }[] }; importType: ImportType }) {
  const errors = useFormErrors(SHEET_FORM_ID);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/import/sheet");
  const error = errors?.fieldErrors.selectedSheet;
  const submitted = errors?.repopulateFields?.selectedSheet;
  // The first sheet with rows is the likely choice; nothing is chosen for the user when none has.
  const preselected = typeof submitted === "string" ? submitted : workbook.sheets.find((s) => s.rowCount > 0)?.name;
  return (
    <Card asChild size="3">
      <section aria-labelledby="sheet-title">
        <Heading as="h2" size="5" id="sheet-title">
          Multiple Sheets Found
        </Heading>
        <Text as="p">
          {workbook.fileName} has {plural(workbook.sheets.length, "sheet")}. Choose the one to import.
        </Text>
        <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ selectedSheet: `${SHEET_ID}-0` }} />
        <Form method="post" action={wizardUrls.sheet(workbook.workbookKey, importType)} noValidate className="stack">
          <input type="hidden" name="workbookKey" value={workbook.workbookKey} />
          <input type="hidden" name="importType" value={importType} />
          <fieldset className={`form-section field${error ? " field--error" : ""}`} aria-describedby={error ? `${SHEET_ID}-error` : undefined}>
            <legend className="field__label">Sheet</legend>
            {error ? (
              <p id={`${SHEET_ID}-error`} className="field__error">
                <span className="visually-hidden">Error: </span>
                {error}
              </p>
            ) : null}
            <ul className="radio-list">
              {workbook.sheets.map((sheet, index) => (
                <li key={sheet.name}>
                  <input type="radio" id={`${SHEET_ID}-${index}`} name="selectedSheet" value={sheet.name} defaultChecked={sheet.name === preselected} />{" "}
                  <label htmlFor={`${SHEET_ID}-${index}`}>
                    {sheet.name} <span className="muted">({plural(sheet.rowCount, "row")})</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <Flex gap="2" wrap="wrap">
            <Button type="submit" size="3" disabled={busy || undefined}>
              {busy ? "Reading sheet..." : "Continue"}
            </Button>
            <Button asChild size="3" variant="outline" color="gray">
              <Link to={wizardUrls.upload(importType)}>Back</Link>
            </Button>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}
