import { Link, useLocation } from "@remix-run/react";
import { Button, Callout, Flex } from "~/components/radix";
import { PageHeader } from "~/components/kit";
import { FORM_TITLE, FORM_VERSION } from "~/modules/project-lifecycle/phase-fields";

/** A phases screen whose data could not be loaded: the message, Try again (the same URL) and Back to Dashboard. */
export function PhasesLoadError({ message }: { message: string }) {
  const location = useLocation();
  return (
    <div className="stack">
      <PageHeader title={FORM_TITLE} subtitle={`Project phases · Form version ${FORM_VERSION}`} />
      <Callout.Root color="red" role="alert">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Flex gap="3" wrap="wrap">
        <Button asChild>
          <Link to={`${location.pathname}${location.search}`}>Try again</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Back to Dashboard</Link>
        </Button>
      </Flex>
    </div>
  );
}
