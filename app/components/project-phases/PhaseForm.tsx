import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Callout, Flex, Heading, Text } from "~/components/radix";
import { ErrorSummary, fieldId, TextAreaField, useFormErrors, FieldList, FieldRow } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import {
  ADDITIONAL_COMMENTS,
  additionalComments,
  answeredQuestions,
  ANSWER_LABELS,
  ANSWERS,
  COMMENTS_MAX,
  DETAILS_MAX,
  detailsKey,
  PHASE_QUESTIONS,
  PHASE_TEXT,
  phasesUrl,
  type FormPhase,
  type PhaseQuestion,
} from "~/modules/project-lifecycle/phase-fields";
import { phaseFormId } from "~/modules/project-lifecycle/phase-schemas";
import type { PhaseFormData } from "~/modules/project-lifecycle/phases-page.server";

const answerId = (key: string, answer: string) => (answer === "yes" ? fieldId(key) : `${fieldId(key)}-${answer}`);

/** One question: Yes/No radios (the error summary links to Yes, the first) and its details box. */
function QuestionFieldset({ formId, number, question, chosen, details, error }: { formId: string; number: number; question: PhaseQuestion; chosen: string; details: string; error?: string }) {
  const errorId = `${fieldId(question.key)}-error`;
  return (
    <fieldset className={`form-section phase-question${error ? " field--error" : ""}`} aria-describedby={error ? errorId : undefined}>
      <legend>
        {number}. {question.question}
      </legend>
      {error ? (
        <Text as="p" id={errorId} color="red" weight="bold" className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </Text>
      ) : null}
      <ul className="radio-list radio-list--inline">
        {ANSWERS.map((answer) => (
          <li key={answer}>
            <input type="radio" id={answerId(question.key, answer)} name={question.key} value={answer} defaultChecked={chosen === answer} />{" "}
            <label htmlFor={answerId(question.key, answer)}>{ANSWER_LABELS[answer]}</label>
          </li>
        ))}
      </ul>
      <TextAreaField formId={formId} name={detailsKey(question.key)} label="Details" hint="Optional" rows={2} defaultValue={details} maxLength={DETAILS_MAX} />
    </fieldset>
  );
}

const stringValue = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The part's questions as a form that works without JavaScript: "Save progress" keeps the answers,
 * "Submit" completes the part. After a refused post the answers come back as they were sent.
 */
export function PhaseForm({ data }: { data: PhaseFormData }) {
  const phase: FormPhase = data.phase;
  const formId = phaseFormId(phase);
  const errors = useFormErrors(formId);
  const sent = errors?.repopulateFields;
  const value = (name: string) => (sent ? stringValue(sent[name]) : stringValue(data.values[name]));
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const text = PHASE_TEXT[phase];
  return (
    <Form method="post" noValidate id={formId} className="stack" aria-describedby={`${formId}-intro`}>
      <Text as="p" id={`${formId}-intro`}>
        {text.intro}
      </Text>
      <div>
        {PHASE_QUESTIONS[phase].map((question, index) => (
          <QuestionFieldset
            key={question.key}
            formId={formId}
            number={index + 1}
            question={question}
            chosen={sent ? stringValue(sent[question.key]) || "no" : stringValue(data.values[question.key]) || "no"}
            details={value(detailsKey(question.key))}
            error={errors?.fieldErrors[question.key]}
          />
        ))}
      </div>
      <TextAreaField formId={formId} name={ADDITIONAL_COMMENTS} label="Additional comments" hint="Optional" rows={4} defaultValue={value(ADDITIONAL_COMMENTS)} maxLength={COMMENTS_MAX} />
      <Flex className="button-row" gap="2" wrap="wrap">
        <Button type="submit" name="intent" value="save" variant="soft" size="3" disabled={busy ? true : undefined}>
          {busy === "save" ? "Saving..." : "Save progress"}
        </Button>
        <Button type="submit" name="intent" value="submit" size="3" disabled={busy ? true : undefined}>
          {busy === "submit" ? "Submitting..." : "Submit"}
        </Button>
        <Button asChild variant="outline" color="gray" size="3">
          <Link to={phasesUrl(data.project.id)}>Back to Overview</Link>
        </Button>
      </Flex>
    </Form>
  );
}

/** The answers as a read-only record: a completed part, or a role that may only read. */
export function PhaseAnswers({ data }: { data: PhaseFormData }) {
  const rows = answeredQuestions(data.phase, data.values);
  return (
    <section aria-labelledby="phase-answers-title" className="stack">
      <Heading as="h2" id="phase-answers-title" size="5">
        Answers
      </Heading>
      <ol className="phase-answers">
        {rows.map((row) => (
          <li key={row.number}>
            <Text as="p" weight="bold">
              {row.question}
            </Text>
            <FieldList>
              <FieldRow label="Answer">{row.answer}</FieldRow>
              <FieldRow label="Details" empty="None">
                {row.details}
              </FieldRow>
            </FieldList>
          </li>
        ))}
      </ol>
      <FieldList>
        <FieldRow label="Additional comments" empty="None">
          {additionalComments(data.values)}
        </FieldRow>
      </FieldList>
    </section>
  );
}

/**
 * The error summary of the part's form. A whole-form error (a failed save) links to the first
 * question, or to the part's status when the form is no longer shown (completed meanwhile).
 */
export function PhaseErrorSummary({ phase, editable, statusId }: { phase: FormPhase; editable: boolean; statusId: string }) {
  const errors = useFormErrors(phaseFormId(phase));
  const first = PHASE_QUESTIONS[phase][0]!.key;
  return <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ [FORM_ERROR]: editable ? fieldId(first) : statusId }} />;
}

export function ReadOnlyNotice({ data }: { data: PhaseFormData }) {
  if (data.status === "completed") {
    return (
      <Callout.Root color="green" role="note">
        <Callout.Text>{PHASE_TEXT[data.phase].name} is completed. The answers are kept as submitted and can no longer be changed.</Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <Callout.Root color="amber" role="note">
      <Callout.Text>You can read this form but not fill it in: your role in this project does not allow it. A project manager, director or client owner can complete it.</Callout.Text>
    </Callout.Root>
  );
}
