import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Callout, Card, Flex, Heading, Text } from "~/components/radix";
import { ErrorSummary, fieldId, FieldList, FieldRow, PageHeader, ProjectBanner, SelectField, TextField, useFormErrors } from "~/components/kit";
import { phasesUrl } from "~/modules/project-lifecycle/phase-fields";
import { GRIEVANCE_CLOCK_FORM_ID } from "~/modules/project-lifecycle/grievance-clock-schema";
import type { GrievanceClockPageData } from "~/modules/project-lifecycle/grievance-clock.server";
import { FORM_ERROR } from "~/utils/form-state";
import { PublicGrievanceFormSetting } from "./PublicGrievanceFormSetting";

const FORM_ID = GRIEVANCE_CLOCK_FORM_ID;
const DAYS_HINT = "Business days, a whole number from 1 to 90.";

/** /projects/{id}/phases/grievance-clock: the project's state for public holidays and its two targets (docs/records.md#grievance-clock-settings). */
export function GrievanceClockPage({ data }: { data: GrievanceClockPageData }) {
  const errors = useFormErrors(FORM_ID);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { clock } = data;
  const defaultLabel = data.jurisdictions.find((j) => j.value === data.defaultJurisdiction)?.label ?? data.defaultJurisdiction;
  return (
    <div className="stack">
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ [FORM_ERROR]: fieldId("grievanceJurisdiction") }} />
      <PageHeader title="Grievance clock" subtitle="Due dates for grievances in this project">
        <Button asChild variant="outline">
          <Link to={phasesUrl(data.project.id)}>Back to Overview</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <Text as="p" id={`${FORM_ID}-intro`}>
        A grievance received on a weekend or public holiday, or at 17:00 local time or later ({clock.timeZone}), counts as received on the next business day. Its due dates are the chosen number of
        business days after that day.
      </Text>
      {data.canEdit ? (
        <Form method="post" noValidate id={FORM_ID} className="stack" aria-describedby={`${FORM_ID}-intro`}>
          <SelectField
            formId={FORM_ID}
            name="grievanceJurisdiction"
            label="State or territory"
            hint={`Its public holidays are not business days. The project's time zone suggests ${defaultLabel}.`}
            options={data.jurisdictions}
            defaultValue={clock.jurisdiction}
            required
          />
          <TextField formId={FORM_ID} name="grievanceAcknowledgeDays" label="Acknowledge within" hint={DAYS_HINT} type="number" defaultValue={String(clock.acknowledgeDays)} required />
          <TextField formId={FORM_ID} name="grievanceResolveDays" label="Resolve within" hint={DAYS_HINT} type="number" defaultValue={String(clock.resolveDays)} required />
          <Flex className="button-row" gap="2" wrap="wrap">
            <Button type="submit" size="3" disabled={busy ? true : undefined}>
              {busy ? "Saving..." : "Save grievance clock"}
            </Button>
            <Button asChild variant="outline" color="gray" size="3">
              <Link to={phasesUrl(data.project.id)}>Back to Overview</Link>
            </Button>
          </Flex>
        </Form>
      ) : (
        <>
          <Callout.Root color="amber" role="note">
            <Callout.Text>You can read the grievance clock but not change it: your role in this project does not allow it.</Callout.Text>
          </Callout.Root>
          <FieldList>
            <FieldRow label="State or territory">{clock.jurisdictionLabel}</FieldRow>
            <FieldRow label="Acknowledge within">{`${clock.acknowledgeDays} business days`}</FieldRow>
            <FieldRow label="Resolve within">{`${clock.resolveDays} business days`}</FieldRow>
          </FieldList>
        </>
      )}
      <PublicGrievanceFormSetting setting={data.publicForm} />
    </div>
  );
}

/** On the phases overview: the way to the project's grievance clock. */
export function GrievanceClockCard({ projectId }: { projectId: number }) {
  return (
    <Card asChild size="3">
      <section aria-labelledby="grievance-clock-title">
        <Heading as="h2" id="grievance-clock-title" size="4" mb="2">
          Grievance clock
        </Heading>
        <Text as="p" mb="2">
          The state or territory whose public holidays apply, the business days to acknowledge and resolve a grievance, and the public grievance form.
        </Text>
        <Button asChild variant="soft">
          <Link to={`/projects/${projectId}/phases/grievance-clock`}>Grievance clock settings</Link>
        </Button>
      </section>
    </Card>
  );
}
