import { Button, Card, DataList, Flex, Heading } from "@radix-ui/themes";
import { PriorityBadge, RowLink } from "~/components/kit";
import type { PropertyListRow } from "~/modules/property/property.server";
import { proprietorsSummary } from "~/modules/property/display";
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
          <RowLink to={`/stakeholders?highlight=${s.id}`}>{s.name}</RowLink>
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
        <Card asChild size="2" key={row.id} className="property-card">
          <li>
            <Heading as="h2" size="4" className="property-card__title">
              <RowLink to={panel({ highlight: row.id })} preventScrollReset>
                {row.address}
              </RowLink>
            </Heading>
            <DataList.Root orientation="vertical" size="2" className="property-card__fields">
              <DataList.Item>
                <DataList.Label>Volume/Folio</DataList.Label>
                <DataList.Value>{row.volume || row.folio ? `${row.volume ?? "—"}/${row.folio ?? "—"}` : "Not recorded"}</DataList.Value>
              </DataList.Item>
              {row.lotPlanLine ? (
                <DataList.Item>
                  <DataList.Label>Lot/Plan</DataList.Label>
                  <DataList.Value>{row.lotPlanLine}</DataList.Value>
                </DataList.Item>
              ) : null}
              <DataList.Item>
                <DataList.Label>Title Type</DataList.Label>
                <DataList.Value>{row.titleType ?? "Not recorded"}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Proprietors</DataList.Label>
                <DataList.Value>
                  <span>
                    <Proprietors {...proprietorsSummary(row.proprietors)} />
                  </span>
                </DataList.Value>
              </DataList.Item>
            </DataList.Root>
            <div className="property-card__block">
              <Heading as="h3" size="2">
                Land Access Agreement
              </Heading>
              <LaaBadge status={row.laaStatus} expiryDate={row.laaExpiryDate} />
              {row.hasLAA && row.laaExpiryDate ? <p>Expires {formatDate(row.laaExpiryDate)}</p> : null}
              {row.hasLAA && row.laaDetails ? <p>{row.laaDetails}</p> : null}
            </div>
            <div className="property-card__block">
              <Heading as="h3" size="2">
                Next Action
              </Heading>
              <p>{row.nextAction ?? <span className="muted">None</span>}</p>
              <PriorityBadge priority={row.priority} dueDate={row.nextActionDueDate} />
            </div>
            <div className="property-card__block">
              <Heading as="h3" size="2">
                Linked Stakeholders ({row.linkedStakeholders.length})
              </Heading>
              <LinkedStakeholderList stakeholders={row.linkedStakeholders} />
            </div>
            {canEdit ? (
              <Flex className="button-row" gap="2" wrap="wrap">
                <Button asChild variant="outline">
                  <RowLink to={panel({ edit: row.id })} preventScrollReset>
                    Edit<span className="visually-hidden"> {row.address}</span>
                  </RowLink>
                </Button>
                <Button asChild variant="outline">
                  <RowLink to={panel({ link: row.id })} preventScrollReset>
                    Link Stakeholders<span className="visually-hidden"> to {row.address}</span>
                  </RowLink>
                </Button>
              </Flex>
            ) : null}
          </li>
        </Card>
      ))}
    </ul>
  );
}
