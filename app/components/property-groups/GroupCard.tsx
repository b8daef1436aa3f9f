import { useLocation } from "@remix-run/react";
import { Badge, Button, Card, Heading, Text } from "@radix-ui/themes";
import { Breakable, RowLink } from "~/components/kit";
import type { GroupCard as GroupCardData } from "~/modules/property-groups/groups.server";
import { stakeholderHref } from "~/modules/property-groups/format";
import { withParams } from "~/utils/list-query";

/** A stakeholder's card: name, contact summary, link count and the first three properties. */
export function GroupCard({ group }: { group: GroupCardData }) {
  const { search } = useLocation();
  const more = group.propertyCount - group.properties.length;
  const headingId = `group-${group.id}-name`;
  return (
    <Card asChild size="2" className="group-card">
      <li aria-labelledby={headingId}>
        <Heading as="h3" size="4" id={headingId} className="group-card__name">
          <RowLink to={stakeholderHref(group.id)}>{group.name}</RowLink>
        </Heading>
        <Text as="p" color="gray" className="group-card__contact">
          {group.contact ? <Breakable text={group.contact} /> : "No contact details"}
        </Text>
        <p className="group-card__count">
          <Badge>{group.propertyCount === 1 ? "1 property" : `${group.propertyCount} properties`}</Badge>
        </p>
        <ul className="group-card__properties">
          {group.properties.map((property) => (
            <li key={property.id}>{property.address}</li>
          ))}
          {more > 0 ? <li className="muted">+{more} more</li> : null}
        </ul>
        <Button asChild variant="outline">
          <RowLink to={withParams(search, { group: group.id, tab: null })} preventScrollReset>
            View details<span className="visually-hidden"> of {group.name}</span>
          </RowLink>
        </Button>
      </li>
    </Card>
  );
}
