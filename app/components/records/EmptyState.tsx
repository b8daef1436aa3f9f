import type { ReactNode } from "react";
import { Card, Heading, Text } from "~/components/radix";

/** A list with nothing to show: a titled card saying why, and what to do (search again, add one). */
export function EmptyState({ id, title, children }: { id: string; title?: string; children: ReactNode }) {
  return (
    <Card asChild size="3" className="card--centered">
      <section aria-labelledby={title ? id : undefined}>
        {title ? (
          <Heading as="h2" id={id} size="4" mb="2">
            {title}
          </Heading>
        ) : null}
        <Text as="p" mb="0">
          {children}
        </Text>
      </section>
    </Card>
  );
}
