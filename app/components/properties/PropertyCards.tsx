import { Link } from "@remix-run/react";
import { PriorityBadge } from "~/components/records/PriorityBadge";
import type { PropertyListRow } from "~/modules/property/property.server";
import { formatDate } from "~/utils/dates";
import { LaaBadge } from "./LaaBadge";
import { Proprietors, usePanelLink } from "./PropertyTable";

/** Links to each stakeholder's detail on /stakeholders (the spec's window event, as a link). */
export function LinkedStakeholderList({ stakeholders }: { stakeholders: { id: number; name: string }[] }) {
  if (!stakeholders.length) return <p className="muted">No linked stakeholders</p>;
  return (
    <ul className="linked-list">
      {stakeholders.map((s) => (
        <li key={s.id}>
          <Link to={`/stakeholders?highlight=${s.id}`}>{s.name}</Link>
        </li>
      ))}
    </ul>
  );
}

export function PropertyCards({ rows, canEdit }: { rows: PropertyListRow[]; canEdit: boolean }) {
  const panel = usePanelLink();
  return (
    <ul className="card-grid property-cards">
      {rows.map((row) => (
        <li key={row.id} className="card property-card">
          <h2 className="property-card__title">
            <Link to={panel({ highlight: row.id })} preventScrollReset>
              {row.address}
            </Link>
          </h2>
          <dl className="definition-list">
            <dt>Volume/Folio</dt>
            <dd>{row.volume || row.folio ? `${row.volume ?? "—"}/${row.folio ?? "—"}` : "Not recorded"}</dd>
            {row.lotPlanLine ? (
              <>
                <dt>Lot/Plan</dt>
                <dd>{row.lotPlanLine}</dd>
              </>
            ) : null}
            <dt>Title Type</dt>
            <dd>{row.titleType ?? "Not recorded"}</dd>
            <dt>Proprietors</dt>
            <dd>
              <Proprietors proprietors={row.proprietors} />
            </dd>
          </dl>
          <div className="property-card__block">
            <h3>Land Access Agreement</h3>
            <LaaBadge status={row.laaStatus} expiryDate={row.laaExpiryDate} />
            {row.hasLAA && row.laaExpiryDate ? <p>Expires {formatDate(row.laaExpiryDate)}</p> : null}
            {row.hasLAA && row.laaDetails ? <p>{row.laaDetails}</p> : null}
          </div>
          <div className="property-card__block">
            <h3>Next Action</h3>
            <p>{row.nextAction ?? <span className="muted">None</span>}</p>
            <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
          </div>
          <div className="property-card__block">
            <h3>Linked Stakeholders ({row.linkedStakeholders.length})</h3>
            <LinkedStakeholderList stakeholders={row.linkedStakeholders} />
          </div>
          {canEdit ? (
            <p className="button-row">
              <Link className="button button--secondary" to={panel({ edit: row.id })} preventScrollReset>
                Edit<span className="visually-hidden"> {row.address}</span>
              </Link>
              <Link className="button button--secondary" to={panel({ link: row.id })} preventScrollReset>
                Link Stakeholders<span className="visually-hidden"> to {row.address}</span>
              </Link>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
