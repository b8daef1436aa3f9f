import { StatTiles } from "~/components/kit";
import type { PropertyStats as Stats } from "~/modules/property/property.server";

/** The four summary tiles for the whole project (docs/records.md#property-list). */
export function PropertyStats({ stats }: { stats: Stats }) {
  return (
    <StatTiles
      label="Property summary"
      tiles={[
        { label: "Total Properties", value: stats.total },
        { label: "Freehold", value: stats.freehold },
        { label: "Certificate of Title", value: stats.certificateOfTitle },
        {
          label: "With LAA",
          value: stats.withLaa,
          note: (
            <>
              <span data-testid="laa-expired">{stats.laaExpired}</span> expired · <span data-testid="laa-expiring">{stats.laaExpiringSoon}</span> expiring soon
            </>
          ),
        },
      ]}
    />
  );
}
