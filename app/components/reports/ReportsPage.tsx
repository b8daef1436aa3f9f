import { Form, Link } from "@remix-run/react";
import { Button, Callout, Text } from "~/components/radix";
import { CheckboxField, DateFilterField, ErrorSummary, StatTiles, TextAreaField, useFormErrors } from "~/components/kit";
import { REPORT_SCHEDULE_FORM, type ScheduleFailure } from "~/modules/reports/pack-schedule";
import type { ChartModel } from "~/modules/reports/chart-model";
import { Chart } from "./Chart";

/**
 * The range form of /reports: a GET form (works without JavaScript). The kit's fields read a POST's
 * action data, so the errors of this GET form are handed in by the loader.
 */
export function ReportRangeForm({ values, errors }: { values: { from: string; to: string }; errors: Record<string, string> | null }) {
  return (
    <Form method="get" className="toolbar report-range-form" aria-label="Date range">
      <DateFilterField name="from" label="From" value={values.from} error={errors?.from} />
      <DateFilterField name="to" label="To" value={values.to} error={errors?.to} />
      <Button type="submit">Show reports</Button>
    </Form>
  );
}

/**
 * The "Make report pack" button: a plain POST form with the shown range (docs/records.md#report-pack);
 * the pack is made by a job and appears in Documents.
 */
export function ReportPackForm({ range, documentsPath }: { range: { from: string; to: string }; documentsPath: string }) {
  return (
    <Form method="post" className="toolbar report-pack-form" aria-label="Report pack">
      <input type="hidden" name="intent" value="pack" />
      <input type="hidden" name="from" value={range.from} />
      <input type="hidden" name="to" value={range.to} />
      <Button type="submit" variant="outline">
        Make report pack
      </Button>
      <Text as="p" size="2">
        A PDF and an Excel workbook of this range, saved to <Link to={documentsPath}>Documents</Link>.
      </Text>
    </Form>
  );
}

/** The key figures, then every chart in its section. */
export function ReportBody({ keyFigures, charts }: { keyFigures: { label: string; value: string; note?: string }[]; charts: ChartModel[] }) {
  return (
    <>
      <StatTiles label="Key figures" tiles={keyFigures} />
      <div className="report-charts">
        {charts.map((chart) => (
          <Chart key={chart.id} chart={chart} headingLevel={2} />
        ))}
      </div>
    </>
  );
}

/**
 * The monthly schedule (docs/records.md#report-pack-schedule): a plain POST form, its errors in a
 * summary and at the field, the submitted values kept.
 */
export function ReportScheduleForm({
  schedule,
  range,
}: {
  schedule: { enabled: boolean; recipients: string; sentFor: string | null; lastFailure: ScheduleFailure | null };
  range: { from: string; to: string };
}) {
  const errors = useFormErrors(REPORT_SCHEDULE_FORM);
  return (
    <section className="stack" aria-labelledby="report-schedule-title">
      <h2 id="report-schedule-title">Monthly report pack</h2>
      <ErrorSummary errors={errors?.fieldErrors} />
      {schedule.lastFailure ? (
        <Callout.Root color="red" role="note">
          <Callout.Text>
            The pack of {schedule.lastFailure.month} was not sent ({schedule.lastFailure.at.slice(0, 10)}). {schedule.lastFailure.reason}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Form method="post" className="stack report-schedule-form" aria-labelledby="report-schedule-title">
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="from" value={range.from} />
        <input type="hidden" name="to" value={range.to} />
        <CheckboxField formId={REPORT_SCHEDULE_FORM} name="enabled" label="Send the previous month's pack on the first business day of each month" defaultChecked={schedule.enabled} />
        <TextAreaField
          formId={REPORT_SCHEDULE_FORM}
          name="recipients"
          label="Send to"
          hint="E-mail addresses, one a line. They get the PDF and the workbook attached, and links to them for project members."
          rows={4}
          defaultValue={schedule.recipients}
        />
        {schedule.sentFor ? (
          <Text as="p" size="2">
            Last sent: the pack of {schedule.sentFor}.
          </Text>
        ) : null}
        <div>
          <Button type="submit">Save schedule</Button>
        </div>
      </Form>
    </section>
  );
}
