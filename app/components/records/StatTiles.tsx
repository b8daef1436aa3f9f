import type { ReactNode } from "react";
import { Card, Text } from "~/components/radix";

export interface StatTile {
  label: string;
  value: ReactNode;
  /** A further line under the value (e.g. "2 expired · 1 expiring soon"). */
  note?: ReactNode;
}

/**
 * The summary tiles at the top of a screen: one description list, each term and value on a Radix
 * card. A value that is a list (a breakdown) renders as given instead of as a big number.
 */
export function StatTiles({ label, tiles }: { label?: string; tiles: StatTile[] }) {
  return (
    <dl className="stats" aria-label={label}>
      {tiles.map((tile) => (
        <Card asChild key={tile.label} className="stat">
          <div>
            <Text asChild size="2" color="gray">
              <dt className="stat__label">{tile.label}</dt>
            </Text>
            <dd className={typeof tile.value === "object" && tile.value !== null ? "stat__breakdown" : "stat__value"}>{tile.value}</dd>
            {tile.note ? <dd className="stat__note">{tile.note}</dd> : null}
          </div>
        </Card>
      ))}
    </dl>
  );
}
