import { Form, useNavigation } from "@remix-run/react";
import { Button, Callout, Card, Heading, Text } from "~/components/radix";
import { ErrorSummary, fieldId, TextAreaField, TextField, useFormErrors } from "~/components/kit";
import { useRouteErrorDetails } from "~/components/layout/RouteErrorBoundary";
import { HONEYPOT_FIELD, PUBLIC_FORM_ID } from "~/modules/grievances/public-intake";
import type { PublicIntakePageData } from "~/modules/grievances/public-intake.server";
import { FORM_ERROR } from "~/utils/form-state";

const FORM_ID = PUBLIC_FORM_ID;

/**
 * /grievance-form/{token}: the public grievance form and its confirmation (docs/records.md#public-grievance-form).
 * A plain form that posts to the page, so it works without JavaScript; it shows the project's name and
 * its clock's targets, nothing of its records.
 */
export function PublicGrievancePage({ data }: { data: PublicIntakePageData }) {
  return data.confirmation ? <Confirmation data={data} confirmation={data.confirmation} /> : <PublicGrievanceForm data={data} />;
}

function PublicGrievanceForm({ data }: { data: PublicIntakePageData }) {
  const errors = useFormErrors(FORM_ID);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="stack public-form">
      <ErrorSummary errors={errors?.fieldErrors} fieldIds={{ [FORM_ERROR]: fieldId("whatHappened") }} />
      <header>
        <Heading as="h1" size="7" mb="2">
          Raise a grievance
        </Heading>
        <Text as="p" size="3">
          Tell the {data.projectName} team about a problem or complaint. You do not need an account.
        </Text>
      </header>
      <Card asChild size="2">
        <section aria-labelledby="next-steps-title">
          <Heading as="h2" id="next-steps-title" size="4" mb="2">
            What happens next
          </Heading>
          <Text as="p" mb="2">
            You get a reference as soon as you send this form. We will acknowledge your grievance within {data.clock.acknowledgeDays} working days and aim to resolve it within {data.clock.resolveDays}{" "}
            working days. The confirmation page gives you both dates.
          </Text>
          <Text as="p">Give an e-mail address if you would like a receipt with your reference, and a way to contact you if you would like to hear the outcome.</Text>
        </section>
      </Card>
      <Form method="post" action={data.formAction} noValidate id={FORM_ID} className="stack">
        <fieldset className="form-section" aria-describedby="about-you-hint">
          <legend>About you (optional)</legend>
          <Text as="p" color="gray" id="about-you-hint">
            Leave these empty to stay anonymous. Without a way to contact you, we cannot tell you the outcome.
          </Text>
          <TextField formId={FORM_ID} name="name" label="Your name" autoComplete="name" maxLength={data.limits.name} />
          <TextField formId={FORM_ID} name="email" label="E-mail address" type="email" autoComplete="email" maxLength={data.limits.email} hint="We send your receipt here." />
          <TextField formId={FORM_ID} name="phone" label="Phone number" type="tel" autoComplete="tel" maxLength={data.limits.phone} />
        </fieldset>
        <TextAreaField
          formId={FORM_ID}
          name="location"
          label="Where did it happen? (optional)"
          hint="An address, a road, a property's name, or a description of the place."
          rows={2}
          maxLength={data.limits.location}
        />
        <TextAreaField
          formId={FORM_ID}
          name="whatHappened"
          label="What happened?"
          hint={`What happened, when, and what you would like us to do. Up to ${data.limits.whatHappened.toLocaleString("en-AU")} characters.`}
          rows={8}
          maxLength={data.limits.whatHappened}
          required
        />
        {/* The honeypot: people never see or reach it; robots that fill it get a confirmation and nothing is created. */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={`${FORM_ID}-${HONEYPOT_FIELD}`}>Website (leave this empty)</label>
          <input id={`${FORM_ID}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <Text as="p" color="gray" size="2">
          What you send is kept in the project&apos;s grievance register and seen only by the project team.
        </Text>
        <div>
          <Button type="submit" size="3" disabled={busy || undefined} aria-disabled={busy || undefined}>
            {busy ? "Sending..." : "Send grievance"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function Confirmation({ data, confirmation }: { data: PublicIntakePageData; confirmation: NonNullable<PublicIntakePageData["confirmation"]> }) {
  return (
    <div className="stack public-form">
      <Card asChild size="3">
        <section aria-labelledby="confirmation-title">
          <Heading as="h1" id="confirmation-title" size="7" mb="3">
            Grievance received
          </Heading>
          <Text as="p" size="4" mb="3">
            Your reference is <strong className="public-form__reference">{confirmation.reference}</strong>
          </Text>
          <Text as="p">Please quote it if you contact the {data.projectName} team about this grievance.</Text>
          {confirmation.mailed ? (
            <Text as="p" mt="2">
              We are sending a receipt with your reference to the e-mail address you gave.
            </Text>
          ) : null}
        </section>
      </Card>
      <section aria-labelledby="what-next-title">
        <Heading as="h2" id="what-next-title" size="5" mb="2">
          What happens next
        </Heading>
        <ul className="public-form__steps">
          {confirmation.nextSteps.map((step) => (
            <li key={step}>
              <Text>{step}</Text>
            </li>
          ))}
        </ul>
      </section>
      <Text as="p">
        <a href={data.formAction}>Raise another grievance</a>
      </Text>
    </div>
  );
}

/** The public pages' errors: no way into the app, and the same 404 whether the address never existed or was turned off. */
export function PublicGrievanceError() {
  const { status, message } = useRouteErrorDetails();
  const heading = status === 404 ? "Page not found" : status === 429 ? "Too many grievances sent" : status === 413 ? "Too much text" : "Something went wrong";
  const text =
    status === 404
      ? "The page you are looking for does not exist or has been moved. If you were given this address to raise a grievance, please contact the project team another way."
      : status === 429
        ? message
        : status === 413
          ? "What you sent is too long. Please go back, shorten it and try again."
          : "Please try again later. If the problem continues, contact the project team another way.";
  return (
    <Card asChild size="3" className="card--centered public-form">
      <section aria-labelledby="error-page-title">
        <Text as="p" className="error-code">
          {status}
        </Text>
        <Heading as="h1" id="error-page-title" size="6" mb="2">
          {heading}
        </Heading>
        {status === 429 ? (
          <Callout.Root color="amber" role="note">
            <Callout.Text>{text}</Callout.Text>
          </Callout.Root>
        ) : (
          <Text as="p">{text}</Text>
        )}
      </section>
    </Card>
  );
}
