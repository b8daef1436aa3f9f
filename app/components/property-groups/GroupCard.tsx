import { Link, useLocation } from "@remix-run/react";
import type { GroupCard as GroupCardData } from "~/modules/property-groups/groups.server";
import { stakeholderHref } from "~/modules/property-groups/format";
import { withParams } from "~/utils/list-query";


/** A stakeholder's card: name, contact summary, link count and the first three properties. */
export function GroupCard({ group }: { group: GroupCardData }) {
  const { search } = useLocation();
  const more = group.propertyCount - group.properties.length;
  const headingId = `group-${group.id}-name`;
  return (
    <li className="card group-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="group-card__name">
        <Link to={stakeholderHref(group.id)}>{group.name}</Link>
      </h3>
      <p className="group-card__contact muted">{group.contact ?? "No contact details"}</p>
      <p className="group-card__count">
        <span className="badge badge--accent">{group.propertyCount === 1 ? "1 property" : `${group.propertyCount} properties`}</span>
      </p>
      <ul className="group-card__properties">
        {group.properties.map((property) => (
          <li key={property.id}>{property.address}</li>
        ))}
        {more > 0 ? <li className="muted">+{more} more</li> : null}
      </ul>
      <Link className="button button--secondary" to={withParams(search, { group: group.id, tab: null })} preventScrollReset>
        View details<span className="visually-hidden"> of {group.name}</span>
      </Link>
    </li>
  );
}
