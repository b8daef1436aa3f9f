import type { PropertyStats as Stats } from "~/modules/property/property.server";

/** The four summary tiles for the whole project (spec 000 §2). */
export function PropertyStats({ stats }: { stats: Stats }) {
  return (
    <dl className="stats" aria-label="Property summary">
      <div className="stat">
        <dt className="stat__label">Total Properties</dt>
        <dd className="stat__value">{stats.total}</dd>
      </div>
      <div className="stat">
        <dt className="stat__label">Freehold</dt>
        <dd className="stat__value">{stats.freehold}</dd>
      </div>
      <div className="stat">
        <dt className="stat__label">Certificate of Title</dt>
        <dd className="stat__value">{stats.certificateOfTitle}</dd>
      </div>
      <div className="stat">
        <dt className="stat__label">With LAA</dt>
        <dd className="stat__value">{stats.withLaa}</dd>
        <dd className="stat__note">
          <span data-testid="laa-expired">{stats.laaExpired}</span> expired · <span data-testid="laa-expiring">{stats.laaExpiringSoon}</span> expiring soon
        </dd>
      </div>
    </dl>
  );
}
