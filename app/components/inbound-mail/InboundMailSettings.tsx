import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Callout, Card, Flex, Heading, Text } from "~/components/radix";
import { CheckboxField, ErrorSummary, fieldId, FieldList, FieldRow, PageHeader, ProjectBanner, TextAreaField, useFormErrors } from "~/components/kit";
import { INBOUND_SETTINGS_FORM_ID } from "~/modules/inbound-mail/form-ids";
import type { InboundSettingsPageData } from "~/modules/inbound-mail/settings-page.server";
import { phasesUrl } from "~/modules/project-lifecycle/phase-fields";
import { FORM_ERROR } from "~/utils/form-state";

const FORM_ID = INBOUND_SETTINGS_FORM_ID;
const DOMAINS_HINT = "One domain a line, for example farm.example.com.au; at most 100.";

/** The project's inbound address and its tagged forms (docs/inbound-mail.md#the-project-address). */
function AddressList({ address }: { address: InboundSettingsPageData["address"] }) {
  return (
    <FieldList>
      <FieldRow label="Engagements">
        <code className="copyable">{address.address}</code>
      </FieldRow>
      <FieldRow label="Grievances">
        <code className="copyable">{address.tagged.grievance}</code>
      </FieldRow>
      <FieldRow label="Commitments">
        <code className="copyable">{address.tagged.commitment}</code>
      </FieldRow>
      <FieldRow label="Meetings">
        <code className="copyable">{address.tagged.meeting}</code>
      </FieldRow>
    </FieldList>
  );
}

/** /projects/{id}/phases/inbound-mail: the project's address, its allow and block lists and the confirmation reply (docs/inbound-mail.md#project-settings). */
export function InboundMailSettingsPage({ data }: { data: InboundSettingsPageData }) {
  const errors = useFormErrors(FORM_ID);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { settings } = data;
  return (
    <div className="stack">
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ [FORM_ERROR]: fieldId("allowedDomains") }} />
      <PageHeader title="Inbound e-mail" subtitle="Mail sent or copied to this project's address">
        <Button asChild variant="outline">
          <Link to={phasesUrl(data.project.id)}>Back to Overview</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <Card asChild size="3">
        <section aria-labelledby="inbound-address-title">
          <Heading as="h2" id="inbound-address-title" size="4" mb="2">
            The project&apos;s address
          </Heading>
          <Text as="p" mb="2" id={`${FORM_ID}-intro`}>
            BCC or forward a conversation with a landholder to this address and it is recorded on the timeline of each stakeholder whose e-mail address it names. Mail from anyone who is neither a
            project member nor a known stakeholder waits in the <Link to="/inbound-mail">Mail inbox</Link>.
          </Text>
          <AddressList address={data.address} />
        </section>
      </Card>
      {data.canEdit ? (
        <Form method="post" noValidate id={FORM_ID} className="stack" aria-describedby={`${FORM_ID}-intro`}>
          <TextAreaField
            formId={FORM_ID}
            name="allowedDomains"
            label="Allowed sender domains"
            hint={`Mail from these domains is recorded without review even when the sender is not yet a stakeholder's address. ${DOMAINS_HINT}`}
            rows={4}
            defaultValue={settings.allowedDomains.join("\n")}
          />
          <TextAreaField
            formId={FORM_ID}
            name="blockedDomains"
            label="Blocked sender domains"
            hint={`Mail from these domains is never recorded. ${DOMAINS_HINT}`}
            rows={4}
            defaultValue={settings.blockedDomains.join("\n")}
          />
          <CheckboxField formId={FORM_ID} name="confirmReply" label="Send the sender a short reply listing what was recorded where" defaultChecked={settings.confirmReply} />
          <Flex className="button-row" gap="2" wrap="wrap">
            <Button type="submit" size="3" disabled={busy ? true : undefined}>
              {busy ? "Saving..." : "Save inbound e-mail settings"}
            </Button>
            <Button asChild variant="outline" color="gray" size="3">
              <Link to={phasesUrl(data.project.id)}>Back to Overview</Link>
            </Button>
          </Flex>
        </Form>
      ) : (
        <>
          <Callout.Root color="amber" role="note">
            <Callout.Text>You can read the inbound e-mail settings but not change them: your role in this project does not allow it.</Callout.Text>
          </Callout.Root>
          <FieldList>
            <FieldRow label="Allowed sender domains">{settings.allowedDomains.join(", ") || "None"}</FieldRow>
            <FieldRow label="Blocked sender domains">{settings.blockedDomains.join(", ") || "None"}</FieldRow>
            <FieldRow label="Confirmation reply">{settings.confirmReply ? "On" : "Off"}</FieldRow>
          </FieldList>
        </>
      )}
    </div>
  );
}

/** On the phases overview: the way to the project's inbound e-mail settings. */
export function InboundMailCard({ projectId }: { projectId: number }) {
  return (
    <Card asChild size="3">
      <section aria-labelledby="inbound-mail-title">
        <Heading as="h2" id="inbound-mail-title" size="4" mb="2">
          Inbound e-mail
        </Heading>
        <Text as="p" mb="2">
          The project&apos;s e-mail address, the sender domains allowed or blocked, and the confirmation reply.
        </Text>
        <Button asChild variant="soft">
          <Link to={`/projects/${projectId}/phases/inbound-mail`}>Inbound e-mail settings</Link>
        </Button>
      </section>
    </Card>
  );
}
