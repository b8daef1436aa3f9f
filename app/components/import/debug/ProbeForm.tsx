import { Form, Link } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/radix";
import { TextField } from "~/components/kit";
import { DEBUG_FIELD_MAX_LENGTH } from "~/modules/import/import-debug-schema";

/**
 * A name, e-mail and phone to run through the matcher: a GET form, so the result is a URL that works
 * without JavaScript and can be shared. Clear returns to the sample of the project's stakeholders.
 */
export function ProbeForm({ query, typed }: { query: { name: string; email: string; phone: string }; typed: boolean }) {
  return (
    <section aria-labelledby="probe-title" className="debug-panel">
      <Heading as="h2" size="5" id="probe-title">
        Check a stakeholder
      </Heading>
      <Text as="p" color="gray" id="probe-hint">
        Type what an import row would hold. Nothing is saved: the stakeholder is only compared with the project&apos;s.
      </Text>
      {/* Keyed by the query, so a client-side navigation (Clear) shows the new values. */}
      <Form key={`${query.name}\n${query.email}\n${query.phone}`} method="get" noValidate aria-labelledby="probe-title" aria-describedby="probe-hint" className="inline-form">
        <TextField name="name" label="Name" defaultValue={query.name} maxLength={DEBUG_FIELD_MAX_LENGTH} autoComplete="off" />
        <TextField name="email" label="E-mail" type="email" defaultValue={query.email} maxLength={DEBUG_FIELD_MAX_LENGTH} autoComplete="off" />
        <TextField name="phone" label="Phone" type="tel" defaultValue={query.phone} maxLength={DEBUG_FIELD_MAX_LENGTH} autoComplete="off" />
        <div className="button-row debug-panel__buttons">
          <Button type="submit" size="3">
            Run matcher
          </Button>
          {typed ? (
            <Button asChild variant="outline" color="gray" size="3">
              <Link to="/import-debug">Clear and sample the project</Link>
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
