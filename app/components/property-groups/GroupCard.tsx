import { Breakable, RowLink } from "~/components/kit";
import type { GroupCard as GroupCardData } from "~/modules/property-groups/groups.server";
import { stakeholderHref } from "~/modules/property-groups/format";

/**
 * A stakeholder's card: name, contact summary, link count and the first three properties. Radix
 * Themes' Card, Heading, Text, Badge and Button are written out as their elements and classes (like
 * the kit's DataTable): a page has 24 cards, and each of those components resolves its props through
 * every responsive prop definition on the server. `detailsHref` is the list's URL with this group's
 * details open (GroupList works out the list's part once for the page).
 */
export function GroupCard({ group, detailsHref }: { group: GroupCardData; detailsHref: string }) {
  const more = group.propertyCount - group.properties.length;
  const headingId = `group-${group.id}-name`;
  return (
    <li aria-labelledby={headingId} className="rt-reset rt-BaseCard rt-Card rt-r-size-2 rt-variant-surface group-card">
      <h3 id={headingId} className="rt-Heading rt-r-size-4 group-card__name">
        <RowLink to={stakeholderHref(group.id)}>{group.name}</RowLink>
      </h3>
      <p data-accent-color="gray" className="rt-Text group-card__contact">
        {group.contact ? <Breakable text={group.contact} /> : "No contact details"}
      </p>
      <p className="group-card__count">
        <span data-accent-color="" className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
          {group.propertyCount === 1 ? "1 property" : `${group.propertyCount} properties`}
        </span>
      </p>
      <ul className="group-card__properties">
        {group.properties.map((property) => (
          <li key={property.id}>{property.address}</li>
        ))}
        {more > 0 ? <li className="muted">+{more} more</li> : null}
      </ul>
      <RowLink to={detailsHref} preventScrollReset data-accent-color="" className="rt-reset rt-BaseButton rt-r-size-2 rt-variant-outline rt-Button">
        View details<span className="visually-hidden"> of {group.name}</span>
      </RowLink>
    </li>
  );
}
