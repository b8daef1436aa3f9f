import { StatTiles } from "~/components/kit";
import { formatBytes } from "~/modules/document/file-types";
import { CATEGORY_LABELS, isDocumentCategory } from "~/modules/document/document-fields";

/** Stats cards: total documents, total size and the breakdown by category. */
export function DocumentStats({ stats }: { stats: { totalDocuments: number; totalSize: number; categoryBreakdown: { category: string; count: number }[] } }) {
  return (
    <section aria-labelledby="document-stats-title" className="document-stats">
      <h2 id="document-stats-title" className="visually-hidden">
        Document statistics
      </h2>
      <StatTiles
        tiles={[
          { label: "Total Documents", value: stats.totalDocuments },
          { label: "Total Size", value: formatBytes(stats.totalSize) },
          {
            label: "By Category",
            value: stats.categoryBreakdown.length ? (
              <ul className="category-breakdown">
                {stats.categoryBreakdown.map((c) => (
                  <li key={c.category}>
                    {isDocumentCategory(c.category) ? CATEGORY_LABELS[c.category] : "Uncategorised"}: {c.count}
                  </li>
                ))}
              </ul>
            ) : (
              <span>No documents yet</span>
            ),
          },
        ]}
      />
    </section>
  );
}
