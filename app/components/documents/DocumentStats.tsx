import { formatBytes } from "~/modules/document/file-types";
import { CATEGORY_LABELS, isDocumentCategory } from "~/modules/document/document-fields";

/** Stats cards: total documents, total size and the breakdown by category. */
export function DocumentStats({ stats }: { stats: { totalDocuments: number; totalSize: number; categoryBreakdown: { category: string; count: number }[] } }) {
  return (
    <section aria-labelledby="document-stats-title" className="document-stats">
      <h2 id="document-stats-title" className="visually-hidden">
        Document statistics
      </h2>
      <dl className="stats">
        <div className="stat">
          <dt className="stat__label">Total Documents</dt>
          <dd className="stat__value">{stats.totalDocuments}</dd>
        </div>
        <div className="stat">
          <dt className="stat__label">Total Size</dt>
          <dd className="stat__value">{formatBytes(stats.totalSize)}</dd>
        </div>
        <div className="stat">
          <dt className="stat__label">By Category</dt>
          <dd className="stat__breakdown">
            {stats.categoryBreakdown.length ? (
              <ul className="category-breakdown">
                {stats.categoryBreakdown.map((c) => (
                  <li key={c.category}>
                    {isDocumentCategory(c.category) ? CATEGORY_LABELS[c.category] : "Uncategorised"}: {c.count}
                  </li>
                ))}
              </ul>
            ) : (
              "No documents yet"
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
