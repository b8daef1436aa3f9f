import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Card, Flex, Heading, Text } from "~/components/radix";
import { ErrorSummary, FieldList, FieldRow, fieldId, TextField, useFormErrors } from "~/components/kit";
import { INBOUND_ACCEPT_FORM_ID, INBOUND_CREATE_FORM_ID } from "~/modules/inbound-mail/form-ids";
import type { InboxMessage as Message } from "~/modules/inbound-mail/review-view";
import { inboxMessagePath } from "~/modules/inbound-mail/urls";
import { formatDateTime } from "~/utils/dates";
import { FORM_ERROR } from "~/utils/form-state";
import { AttachmentList, CheckResult } from "./InboxTable";

/** A message's details and its plain text (docs/inbound-mail.md#review); HTML from a message is never rendered. */
export function InboxMessageDetails({ message, timeZone }: { message: Message; timeZone: string }) {
  return (
    <>
      <FieldList>
        <FieldRow label="From">{message.from}</FieldRow>
        <FieldRow label="To" empty="Not given">
          {message.to.join(", ")}
        </FieldRow>
        <FieldRow label="Sent">{message.sentAt ? formatDateTime(message.sentAt, timeZone) : null}</FieldRow>
        <FieldRow label="Why it waits" empty="None">
          {message.reason}
        </FieldRow>
        <FieldRow label="Sender checks">
          <CheckResult label="SPF" result={message.spf} /> · <CheckResult label="DKIM" result={message.dkim} />
        </FieldRow>
        <FieldRow label="Attachments">
          <AttachmentList attachments={message.attachments} />
        </FieldRow>
        {message.forwarded ? <FieldRow label="Forwarded">Yes: the details above are the original message&apos;s</FieldRow> : null}
        {message.recorded.length ? <FieldRow label="Recorded">{message.recorded.map((r) => `${r.count} ${r.label}`).join(", ")}</FieldRow> : null}
      </FieldList>
      <Card asChild size="2">
        <section aria-labelledby="message-text-title">
          <Heading as="h2" id="message-text-title" size="4" mb="2">
            Message text
          </Heading>
          {message.text ? <pre className="message-text">{message.text}</pre> : <Text className="muted">The message has no text.</Text>}
        </section>
      </Card>
    </>
  );
}

export interface StakeholderMatch {
  id: number;
  name: string;
  email: string | null;
}

/**
 * Accept: search the project's stakeholders (a GET form, so it works without JavaScript), pick one of
 * the matches and record the message on it; or create a stakeholder with the sender's name and address.
 */
export function AcceptForms({ message, find, matches, limit }: { message: Message; find: string; matches: StakeholderMatch[] | null; limit: number }) {
  const acceptErrors = useFormErrors(INBOUND_ACCEPT_FORM_ID);
  const createErrors = useFormErrors(INBOUND_CREATE_FORM_ID);
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <Card asChild size="3">
      <section aria-labelledby="accept-title" className="stack">
        <Heading as="h2" id="accept-title" size="5">
          Accept: record on a stakeholder
        </Heading>
        <ErrorSummary errors={acceptErrors?.fieldErrors} fieldIds={{ [FORM_ERROR]: "accept-title" }} />
        <ErrorSummary errors={createErrors?.fieldErrors} fieldIds={{ [FORM_ERROR]: "create-title" }} />
        <Form method="get" className="inline-form" aria-label="Stakeholder search" preventScrollReset>
          <TextField name="find" label="Find a stakeholder" hint={`Name or e-mail address; up to ${limit} matches`} defaultValue={find} />
          <Button type="submit" variant="outline">
            Find
          </Button>
        </Form>
        {matches === null ? null : matches.length === 0 ? (
          <Text as="p" role="status">
            No stakeholder matches &quot;{find}&quot;.
          </Text>
        ) : (
          <Form method="post" id={INBOUND_ACCEPT_FORM_ID} className="stack" preventScrollReset>
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="stakeholder" value="existing" />
            <fieldset className={`form-section${acceptErrors?.fieldErrors.stakeholderId ? " field--error" : ""}`}>
              <legend id={fieldId("stakeholderId")}>Stakeholders matching &quot;{find}&quot;</legend>
              {acceptErrors?.fieldErrors.stakeholderId ? (
                <Text as="p" color="red" weight="bold">
                  <span className="visually-hidden">Error: </span>
                  {acceptErrors.fieldErrors.stakeholderId}
                </Text>
              ) : null}
              <ul className="radio-list">
                {matches.map((s) => (
                  <li key={s.id}>
                    <input type="radio" id={`stakeholder-${s.id}`} name="stakeholderId" value={s.id} defaultChecked={matches.length === 1} />{" "}
                    <label htmlFor={`stakeholder-${s.id}`}>
                      {s.name}
                      {s.email ? <span className="muted"> ({s.email})</span> : null}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <Flex gap="2">
              <Button type="submit" disabled={intent === "accept" ? true : undefined}>
                {intent === "accept" ? "Recording..." : "Record on this stakeholder"}
              </Button>
            </Flex>
          </Form>
        )}
        <Form method="post" id={INBOUND_CREATE_FORM_ID} className="stack" noValidate preventScrollReset aria-labelledby="create-title">
          <Heading as="h3" id="create-title" size="4">
            Or create a stakeholder from the sender
          </Heading>
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="stakeholder" value="new" />
          <div className="grid grid--2">
            <TextField formId={INBOUND_CREATE_FORM_ID} name="newStakeholderName" label="Name" required defaultValue={message.fromName ?? ""} maxLength={200} />
            <TextField formId={INBOUND_CREATE_FORM_ID} name="newStakeholderEmail" label="E-mail address" type="email" defaultValue={message.fromAddress ?? ""} maxLength={254} />
          </div>
          <Flex gap="2">
            <Button type="submit" variant="soft" disabled={intent === "create" ? true : undefined}>
              {intent === "create" ? "Creating..." : "Create and record"}
            </Button>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}

/** Reject: a URL state (`?reject=1`) asks first, so the delete works without a script's confirm(). */
export function RejectSection({ id, confirming, search }: { id: number; confirming: boolean; search: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reject";
  return (
    <Card asChild size="3">
      <section aria-labelledby="reject-title" className="stack">
        <Heading as="h2" id="reject-title" size="5">
          Reject
        </Heading>
        {confirming ? (
          <Form method="post" className="stack" preventScrollReset>
            <input type="hidden" name="intent" value="reject" />
            <Text as="p" role="alert">
              Reject this message? It is deleted with its attachments, and if it is sent again it stays rejected.
            </Text>
            <Flex gap="2" wrap="wrap">
              <Button type="submit" color="red" disabled={busy ? true : undefined}>
                {busy ? "Rejecting..." : "Reject and delete"}
              </Button>
              <Button asChild variant="outline" color="gray">
                <Link to={`${inboxMessagePath(id)}${search}`} preventScrollReset>
                  Cancel
                </Link>
              </Button>
            </Flex>
          </Form>
        ) : (
          <>
            <Text as="p">Not for this project? Reject it: the message is deleted and nothing is recorded.</Text>
            <div>
              <Button asChild variant="outline" color="red">
                <Link to={`${inboxMessagePath(id)}?reject=1`} preventScrollReset>
                  Reject message
                </Link>
              </Button>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
