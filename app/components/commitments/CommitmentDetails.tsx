import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Flex, Heading } from "~/components/radix";
import { ErrorSummary, FieldList, FieldRow, PanelDialog, SelectField, TextAreaField, TextField, useFormErrors } from "~/components/kit";
import type { CommitmentsPageData } from "~/modules/commitments/commitments-page.server";
import { COMMITMENT_LIMITS } from "~/modules/commitments/schemas";
import { COMMITMENT_STATUS_FORM, letterPath, listSearch, panelSearch } from "~/modules/commitments/urls";
import { grievancePath } from "~/modules/grievances/urls";
import { formatDate } from "~/utils/dates";
import { CommitmentBadges } from "./CommitmentBadges";

type Details = NonNullable<CommitmentsPageData["details"]>;

function StatusForm({ c, transition, label, returnTo, children }: { c: Details; transition: string; label: string; returnTo: string; children?: React.ReactNode }) {
  return (
    <Form method="post" noValidate className="stack" preventScrollReset aria-label={label}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="transition" value={transition} />
      <input type="hidden" name="id" value={c.id} />
      <input type="hidden" name="version" value={c.version} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children}
      <div>
        <Button type="submit" variant={transition === "cancel" ? "soft" : "solid"} color={transition === "cancel" ? "red" : undefined}>
          {label}
        </Button>
      </div>
    </Form>
  );
}

/** A commitment's details as a URL state (?view=ID) with its status changes as plain forms (docs/records.md#commitments). */
export function CommitmentDetails({ c, canEdit, canDelete, documents }: { c: Details; canEdit: boolean; canDelete: boolean; documents: { id: number; name: string }[] }) {
  const { search } = useLocation();
  const closeTo = listSearch(search);
  const errors = useFormErrors(COMMITMENT_STATUS_FORM);
  const typed = (errors?.repopulateFields ?? {}) as Record<string, string>;
  return (
    <PanelDialog id="commitment-details" title={`Commitment: ${c.description}`} closeTo={closeTo} wide>
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ _form: "commitment-details-title" }} />
      <FieldList>
        <FieldRow label="What was promised">{c.description}</FieldRow>
        <FieldRow label="Status">
          <CommitmentBadges status={c.status} badge={c.badge} />
        </FieldRow>
        <FieldRow label="Made to">
          {c.stakeholders.length ? (
            <ul className="plain-list">
              {c.stakeholders.map((s) => (
                <li key={s.id}>
                  <Link to={`/stakeholders?highlight=${s.id}`}>{s.name}</Link> (<a href={letterPath(s.id)}>What we promised you</a>)
                </li>
              ))}
            </ul>
          ) : null}
        </FieldRow>
        <FieldRow label="Properties">
          {c.properties.length ? (
            <ul className="plain-list">
              {c.properties.map((p) => (
                <li key={p.id}>
                  <Link to={`/properties?highlight=${p.id}`}>{p.address}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </FieldRow>
        <FieldRow label="Promised on">{formatDate(c.promisedOn)}</FieldRow>
        <FieldRow label="Due date" empty="No due date">
          {c.dueDate ? formatDate(c.dueDate) : null}
        </FieldRow>
        <FieldRow label="Owner" empty="Unassigned">
          {c.ownerName}
        </FieldRow>
        <FieldRow label="Made at engagement" empty="Not recorded">
          {c.engagement ? c.engagement.subject : null}
        </FieldRow>
        <FieldRow label="From grievance" empty="None">
          {c.grievance ? <Link to={grievancePath(c.grievance.id)}>Grievance {c.grievance.reference}</Link> : null}
        </FieldRow>
        {c.status === "fulfilled" ? (
          <>
            <FieldRow label="Fulfilled on">{c.fulfilledOn ? formatDate(c.fulfilledOn) : null}</FieldRow>
            <FieldRow label="Evidence">{c.evidenceNote}</FieldRow>
            <FieldRow label="Evidence document" empty="None">
              {c.evidenceDocument ? <a href={`/api/documents/${c.evidenceDocument.id}/download`}>{c.evidenceDocument.name}</a> : null}
            </FieldRow>
          </>
        ) : null}
        {c.status === "cancelled" ? <FieldRow label="Cancellation reason">{c.cancellationReason}</FieldRow> : null}
      </FieldList>
      {canEdit ? (
        <section aria-labelledby="commitment-status-title" className="stack">
          <Heading as="h3" size="3" id="commitment-status-title">
            Change status
          </Heading>
          {c.transitions.includes("start") ? <StatusForm c={c} transition="start" label="Start work" returnTo={closeTo} /> : null}
          {c.transitions.includes("fulfil") ? (
            <StatusForm c={c} transition="fulfil" label="Mark fulfilled" returnTo={closeTo}>
              <TextAreaField
                formId={COMMITMENT_STATUS_FORM}
                name="evidenceNote"
                label="How it was fulfilled"
                hint="Required: what was done, and how we know"
                rows={3}
                maxLength={COMMITMENT_LIMITS.note}
                defaultValue={typed.evidenceNote}
              />
              <div className="grid grid--2">
                <TextField formId={COMMITMENT_STATUS_FORM} name="fulfilledOn" label="Fulfilled on" type="date" hint="Today when left blank" defaultValue={typed.fulfilledOn} />
                <SelectField
                  formId={COMMITMENT_STATUS_FORM}
                  name="evidenceDocumentId"
                  label="Evidence document"
                  placeholder="None"
                  options={documents.map((d) => ({ value: String(d.id), label: d.name }))}
                  defaultValue={typed.evidenceDocumentId}
                />
              </div>
            </StatusForm>
          ) : null}
          {c.transitions.includes("cancel") ? (
            <StatusForm c={c} transition="cancel" label="Cancel commitment" returnTo={closeTo}>
              <TextAreaField
                formId={COMMITMENT_STATUS_FORM}
                name="cancellationReason"
                label="Reason for cancelling"
                hint="Required"
                rows={2}
                maxLength={COMMITMENT_LIMITS.note}
                defaultValue={typed.cancellationReason}
              />
            </StatusForm>
          ) : null}
          {c.transitions.includes("reopen") ? <StatusForm c={c} transition="reopen" label="Reopen" returnTo={closeTo} /> : null}
        </section>
      ) : null}
      <Flex gap="2" wrap="wrap">
        {canEdit ? (
          <Button asChild variant="outline">
            <Link to={panelSearch(search, { edit: c.id })}>Edit</Link>
          </Button>
        ) : null}
        {canDelete ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={c.id} />
            <input type="hidden" name="returnTo" value={closeTo} />
            <Button type="submit" color="red" variant="soft">
              Delete commitment
            </Button>
          </Form>
        ) : null}
      </Flex>
    </PanelDialog>
  );
}
