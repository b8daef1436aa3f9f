import { Link } from "@remix-run/react";
import { Button, Callout, Heading } from "~/components/radix";
import { ErrorSummary, useFormErrors } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { PROJECT_REQUIRED_TEXT, PROJECT_REQUIRED_TITLE } from "~/modules/import/wizard";

/**
 * The wizard without a selected project (docs/import.md): the described words, and a way to choose one. A
 * form posted anyway is refused with the same text in the error summary.
 */
export function ProjectRequired() {
  const errors = useFormErrors();
  const refused = errors?.fieldErrors[FORM_ERROR];
  return (
    <>
      {refused ? <ErrorSummary errors={{ [FORM_ERROR]: refused }} fieldIds={{ [FORM_ERROR]: "project-required-title" }} /> : null}
      <Callout.Root asChild color="amber" size="3" className="notice-panel">
        <section aria-labelledby="project-required-title">
          <Heading as="h2" id="project-required-title" size="5">
            {PROJECT_REQUIRED_TITLE}
          </Heading>
          <Callout.Text>{PROJECT_REQUIRED_TEXT}</Callout.Text>
          <div>
            <Button asChild>
              <Link to="/">Go to Dashboard &amp; Select Project</Link>
            </Button>
          </div>
        </section>
      </Callout.Root>
    </>
  );
}
