import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "@remix-run/react";
import { Button, Card, Flex, Heading } from "~/components/radix";
import { usePageHasFormErrors } from "~/components/form/form-state";

/**
 * The described modals as URL states (docs/decisions.md#url-states): a labelled panel rendered by the server at the top of
 * the page, whose heading takes focus when it opens, with a Close link back to the list URL.
 */
export function PanelDialog({ id, title, closeTo, children, wide = false }: { id: string; title: string; closeTo: string; children: ReactNode; wide?: boolean }) {
  const headingId = `${id}-title`;
  const heading = useRef<HTMLHeadingElement>(null);
  // After a failed submission the error summary takes focus instead (GOV.UK): the first autofocus
  // in the document wins on a full page load, and the panel's heading comes before its form's summary.
  const showsErrors = usePageHasFormErrors();
  // autoFocus moves focus on a full page load; React ignores it on headings after a client-side
  // navigation, so focus the heading when the panel opens (or switches to another record).
  useEffect(() => {
    if (!showsErrors) heading.current?.focus();
    // Only when the panel opens or changes record, not when errors come and go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, title]);
  return (
    <Card asChild size="3" className={`panel-dialog${wide ? " panel-dialog--wide" : ""}`}>
      <section id={id} aria-labelledby={headingId}>
        <Flex className="panel-dialog__header" justify="between" align="start" gap="3">
          <Heading as="h2" size="5" id={headingId} ref={heading} tabIndex={-1} autoFocus={!showsErrors}>
            {title}
          </Heading>
          <Button asChild variant="outline" color="gray">
            <Link to={closeTo} preventScrollReset>
              Close<span className="visually-hidden"> {title}</span>
            </Link>
          </Button>
        </Flex>
        {children}
      </section>
    </Card>
  );
}
