import { PriorityBadge, RowLink } from "~/components/kit";
import type { PropertyListRow } from "~/modules/property/property.server";
import { proprietorsSummary } from "~/modules/property/display";
import { formatDate } from "~/utils/dates";
import { LaaBadge } from "./LaaBadge";
import { Proprietors, usePanelLinks } from "./PropertyTable";

/** Links to each stakeholder's detail on /stakeholders (the spec's window event, as a link). */
export function LinkedStakeholderList({ stakeholders }: { stakeholders: { id: number; name: string }[] }) {
  if (!stakeholders.length) return <p className="muted">No linked stakeholders</p>;
  return (
    <ul className="linked-list">
      {stakeholders.map((s) => (
        <li key={s.id}>
          <RowLink to={`/stakeholders?highlight=${s.id}`}>{s.name}</RowLink>
        </li>
      ))}
    </ul>
  );
}

const BUTTON = "rt-reset rt-BaseButton rt-r-size-2 rt-variant-outline rt-Button";

/**
 * The cards view. Radix Themes' Card, Heading, DataList, Flex and Button are written out as their
 * elements and classes (like the kit's DataTable): 25 cards of a dozen such components each were the
 * bulk of the view's server render, each resolving its props through every responsive prop definition.
 */
export function PropertyCards({ rows, canEdit }: { rows: PropertyListRow[]; canEdit: boolean }) {
  const panel = usePanelLinks();
  return (
    <ul className="card-grid property-cards">
      {rows.map((row) => (
        <li key={row.id} className="rt-reset rt-BaseCard rt-Card rt-r-size-2 rt-variant-surface property-card">
          <h2 className="rt-Heading rt-r-size-4 property-card__title">
            <RowLink to={panel("highlight", row.id)} preventScrollReset>
              {row.address}
            </RowLink>
          </h2>
          <dl className="rt-Text rt-DataListRoot rt-r-orientation-vertical rt-r-size-2 property-card__fields">
            <div className="rt-DataListItem">
              <dt className="rt-DataListLabel">Volume/Folio</dt>
              <dd className="rt-DataListValue">{row.volume || row.folio ? `${row.volume ?? "—"}/${row.folio ?? "—"}` : "Not recorded"}</dd>
            </div>
            {row.lotPlanLine ? (
              <div className="rt-DataListItem">
                <dt className="rt-DataListLabel">Lot/Plan</dt>
                <dd className="rt-DataListValue">{row.lotPlanLine}</dd>
              </div>
            ) : null}
            <div className="rt-DataListItem">
              <dt className="rt-DataListLabel">Title Type</dt>
              <dd className="rt-DataListValue">{row.titleType ?? "Not recorded"}</dd>
            </div>
            <div className="rt-DataListItem">
              <dt className="rt-DataListLabel">Proprietors</dt>
              <dd className="rt-DataListValue">
                <span>
                  <Proprietors {...proprietorsSummary(row.proprietors)} />
                </span>
              </dd>
            </div>
          </dl>
          <div className="property-card__block">
            <h3 className="rt-Heading rt-r-size-2">Land Access Agreement</h3>
            <LaaBadge status={row.laaStatus} expiryDate={row.laaExpiryDate} />
            {row.hasLAA && row.laaExpiryDate ? <p>Expires {formatDate(row.laaExpiryDate)}</p> : null}
            {row.hasLAA && row.laaDetails ? <p>{row.laaDetails}</p> : null}
          </div>
          <div className="property-card__block">
            <h3 className="rt-Heading rt-r-size-2">Next Action</h3>
            <p>{row.nextAction ?? <span className="muted">None</span>}</p>
            <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
          </div>
          <div className="property-card__block">
            <h3 className="rt-Heading rt-r-size-2">Linked Stakeholders ({row.linkedStakeholders.length})</h3>
            <LinkedStakeholderList stakeholders={row.linkedStakeholders} />
          </div>
          {canEdit ? (
            <div className="rt-Flex rt-r-fw-wrap rt-r-gap-2 button-row">
              <RowLink to={panel("edit", row.id)} preventScrollReset data-accent-color="" className={BUTTON}>
                Edit<span className="visually-hidden"> {row.address}</span>
              </RowLink>
              <RowLink to={panel("link", row.id)} preventScrollReset data-accent-color="" className={BUTTON}>
                Link Stakeholders<span className="visually-hidden"> to {row.address}</span>
              </RowLink>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
