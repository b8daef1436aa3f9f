import { Badge, Card, Heading, Text } from "~/components/radix";
import type { Role } from "~/modules/permissions/permissions";

export interface RoleCard {
  role: Role;
  label: string;
  level: number;
  description: string;
}

/** The six roles with their levels and descriptions (docs/access.md#roles). */
export function RoleHierarchy({ cards }: { cards: RoleCard[] }) {
  return (
    <section aria-labelledby="roles-title" className="stack">
      <Heading as="h2" size="5" id="roles-title">
        Role hierarchy
      </Heading>
      <ul className="role-cards">
        {cards.map((card) => (
          <li key={card.role}>
            <Card size="2" className="role-card">
              <Heading as="h3" size="3">
                {card.label} <Badge color="gray">Level {card.level}</Badge>
              </Heading>
              <Text as="p" size="2" color="gray">
                {card.description}
              </Text>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
