import { Form } from "@remix-run/react";
import { Button, Card, Heading, Text } from "~/components/radix";
import { ErrorSummary, fieldId, SelectField, TextAreaField, TextField, useFormErrors } from "~/components/kit";
import type { GrievanceStage } from "~db/entities/enums";
import { GRIEVANCE_CLOSE_FORM, GRIEVANCE_STAGE_FORM } from "~/modules/grievances/form-ids";
import { RESOLUTION_OPTIONS } from "~/modules/grievances/labels";
import { GRIEVANCE_LIMITS } from "~/modules/grievances/limits";
import { STAGE_LABELS } from "~/modules/grievances/stages";

/** Hidden fields every stage form posts: the intent and the version the page was rendered with (a stale page is refused). */
function StageHidden({ action, version }: { action: string; version: number }) {
  return (
    <>
      <input type="hidden" name="intent" value="stage" />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

/**
 * The stage changes (docs/records.md#grievance-stages): forward moves as buttons, escalate, refer
 * externally, close with the outcome, or reopen when closed. Plain forms; the server decides.
 */
export function GrievanceStageForms({ stage, moves, open, version }: { stage: GrievanceStage; moves: GrievanceStage[]; open: boolean; version: number }) {
  const stageErrors = useFormErrors(GRIEVANCE_STAGE_FORM);
  const closeErrors = useFormErrors(GRIEVANCE_CLOSE_FORM);
  const accepted = closeErrors?.repopulateFields?.complainantAccepted;
  const acceptedError = closeErrors?.fieldErrors.complainantAccepted;
  return (
    <section aria-labelledby="grievance-stage-title" className="stack">
      <Heading as="h2" size="4" id="grievance-stage-title">
        Change stage
      </Heading>
      <ErrorSummary errors={stageErrors?.fieldErrors} fieldIds={{ to: "grievance-move-title", action: "grievance-stage-title" }} />
      {open ? (
        <>
          {moves.length ? (
            <Form method="post" className="inline-form" aria-labelledby="grievance-move-title">
              <StageHidden action="move" version={version} />
              <Text as="p" id="grievance-move-title" tabIndex={-1}>
                Now {STAGE_LABELS[stage]}. Move to:
              </Text>
              {moves.map((to) => (
                <Button key={to} type="submit" name="to" value={to} variant={to === moves[0] ? "solid" : "outline"}>
                  {STAGE_LABELS[to]}
                </Button>
              ))}
            </Form>
          ) : null}
          <details>
            <summary>Escalate</summary>
            <Form method="post" className="stack">
              <StageHidden action="escalate" version={version} />
              <TextAreaField formId={GRIEVANCE_STAGE_FORM} name="note" label="Why it is escalated" hint="Optional" rows={2} maxLength={GRIEVANCE_LIMITS.note} />
              <Button type="submit">Escalate</Button>
            </Form>
          </details>
          <details open={Boolean(stageErrors?.fieldErrors.referredTo || stageErrors?.fieldErrors.referredAt)}>
            <summary>Refer externally</summary>
            <Form method="post" className="stack">
              <StageHidden action="refer" version={version} />
              <TextField formId={GRIEVANCE_STAGE_FORM} name="referredTo" label="Referred to" hint="For example the Energy and Water Ombudsman" maxLength={GRIEVANCE_LIMITS.referredTo} />
              <TextField formId={GRIEVANCE_STAGE_FORM} name="referredAt" label="Date referred" type="date" hint="For example 2026-03-31" />
              <Button type="submit">Refer</Button>
            </Form>
          </details>
          <Card asChild>
            <Form method="post" className="stack" noValidate aria-labelledby="grievance-close-title">
              <StageHidden action="close" version={version} />
              <Heading as="h3" size="3" id="grievance-close-title">
                Close with the outcome
              </Heading>
              <ErrorSummary errors={closeErrors?.fieldErrors} fieldIds={{ action: "grievance-close-title" }} />
              <SelectField formId={GRIEVANCE_CLOSE_FORM} name="resolution" label="Resolution" required options={RESOLUTION_OPTIONS} placeholder="Select" />
              <TextAreaField formId={GRIEVANCE_CLOSE_FORM} name="actionTaken" label="What was done" required rows={3} maxLength={GRIEVANCE_LIMITS.actionTaken} />
              <TextField formId={GRIEVANCE_CLOSE_FORM} name="complainantToldOn" label="Date the complainant was told" type="date" required hint="For example 2026-03-31" />
              <TextField formId={GRIEVANCE_CLOSE_FORM} name="complainantToldHow" label="How they were told" required hint="For example phone call, letter" maxLength={GRIEVANCE_LIMITS.toldHow} />
              <fieldset className={`form-section${acceptedError ? " field--error" : ""}`} aria-describedby={acceptedError ? `${fieldId("complainantAccepted")}-error` : undefined}>
                <legend>Did the complainant accept the outcome?</legend>
                {acceptedError ? (
                  <Text as="p" color="red" weight="bold" id={`${fieldId("complainantAccepted")}-error`} className="field__error">
                    <span className="visually-hidden">Error: </span>
                    {acceptedError}
                  </Text>
                ) : null}
                <ul className="radio-list radio-list--inline">
                  <li>
                    <input type="radio" id={fieldId("complainantAccepted")} name="complainantAccepted" value="yes" defaultChecked={accepted === "yes"} />{" "}
                    <label htmlFor={fieldId("complainantAccepted")}>Yes</label>
                  </li>
                  <li>
                    <input type="radio" id={`${fieldId("complainantAccepted")}-no`} name="complainantAccepted" value="no" defaultChecked={accepted === "no"} />{" "}
                    <label htmlFor={`${fieldId("complainantAccepted")}-no`}>No</label>
                  </li>
                </ul>
              </fieldset>
              <div>
                <Button type="submit">Close grievance</Button>
              </div>
            </Form>
          </Card>
        </>
      ) : (
        <Form method="post" className="stack">
          <StageHidden action="reopen" version={version} />
          <TextAreaField
            formId={GRIEVANCE_STAGE_FORM}
            name="note"
            label="Why it is reopened"
            hint="Optional. It goes back to Investigating; its history stays."
            rows={2}
            maxLength={GRIEVANCE_LIMITS.note}
          />
          <div>
            <Button type="submit">Reopen</Button>
          </div>
        </Form>
      )}
    </section>
  );
}
