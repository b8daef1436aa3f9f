import { RecordHistory, FieldList, FieldRow, PanelDialog, PriorityBadge } from "~/components/kit";
import type { ActivityRow } from "~/modules/audit/history.server";
import type { RecordTab } from "~/utils/record-tabs";
import { DocumentsPanel } from "~/components/documents/DocumentsPanel";
import type { RecordDocuments } from "~/modules/document/document.server";
import { useFocusHeading } from "./useFocusHeading";
import { Link } from "@remix-run/react";
import { Button, Flex, Heading } from "~/components/radix";
import { safeExternalUrl } from "~/modules/property/display";
import type { PropertyDetailsView } from "~/modules/property/property-json";
import { LaaBadge } from "./LaaBadge";
import { RecordCommitments, type RecordCommitmentRow } from "~/components/commitments/RecordCommitments";
import { LinkedStakeholderList } from "./PropertyCards";
import { usePanelLink } from "./PropertyTable";
import { PropertyAffectedLand } from "~/components/affected-areas/AffectedLand";
import type { PropertyLosses } from "~/modules/affected-areas/losses.server";

/** A list of names or addresses inside a Row (which shows "Not recorded" when given nothing). */
function TextList({ items }: { items: string[] }) {
  return (
    <ul className="plain-list">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** The Property Details modal as a URL state (?highlight=ID, ?tab=documents|history), with its three tabs. */
export function PropertyDetails({
  property,
  tab,
  canEdit,
  documents,
  history = null,
  commitments = null,
  losses = null,
  projectId,
}: {
  losses?: PropertyLosses | null;
  commitments?: RecordCommitmentRow[] | null;
  property: PropertyDetailsView;
  tab: RecordTab;
  canEdit: boolean;
  documents: RecordDocuments | null;
  history?: ActivityRow[] | null;
  projectId: number;
}) {
  const panel = usePanelLink();
  const pdf = safeExternalUrl(property.pdf);
  useFocusHeading("property-details", `${property.id}-${tab}`);
  return (
    <PanelDialog id="property-details" title={`Property Details: ${property.address}`} closeTo={panel({})} wide>
      <nav className="tabs" aria-label="Property details sections">
        <Link to={panel({ highlight: property.id })} aria-current={tab === "details" ? "page" : undefined} preventScrollReset>
          Property Details
        </Link>
        <Link to={panel({ highlight: property.id, tab: "documents" })} aria-current={tab === "documents" ? "page" : undefined} preventScrollReset>
          Documents
        </Link>
        <Link to={panel({ highlight: property.id, tab: "history" })} aria-current={tab === "history" ? "page" : undefined} preventScrollReset>
          History
        </Link>
      </nav>
      {tab === "history" && history ? (
        <RecordHistory rows={history} />
      ) : tab === "documents" && documents ? (
        <DocumentsPanel data={documents} projectId={projectId} returnTo={`/properties?highlight=${property.id}&tab=documents`} recordLabel={property.address} />
      ) : (
        <div className="property-details">
          <FieldList>
            <FieldRow label="Address">{property.address}</FieldRow>
            <FieldRow label="Search Number">{property.search}</FieldRow>
            <FieldRow label="Volume">{property.volume}</FieldRow>
            <FieldRow label="Folio">{property.folio}</FieldRow>
            <FieldRow label="Lot/Plan">{property.lotPlan}</FieldRow>
            <FieldRow label="Title Type">{property.titleType}</FieldRow>
            <FieldRow label="Primary Owner">{property.primaryOwner}</FieldRow>
            <FieldRow label="Proprietors">{property.proprietors.length ? <TextList items={property.proprietors} /> : null}</FieldRow>
            <FieldRow label="Security Number">{property.securityNumber}</FieldRow>
            <FieldRow label="SPI Number">{property.spiNumber}</FieldRow>
            <FieldRow label="Title Date">{property.titleDate}</FieldRow>
            <FieldRow label="Proprietor Date">{property.proprietorDate}</FieldRow>
            <FieldRow label="eCT Controller">{property.ectController}</FieldRow>
            <FieldRow label="eCT Effective Date">{property.ectEffectiveFromDate}</FieldRow>
            <FieldRow label="Additional Addresses">{property.addresses.length ? <TextList items={property.addresses} /> : null}</FieldRow>
            <FieldRow label="Additional Information">{property.additionalInfo}</FieldRow>
            <FieldRow label="PDF">
              {pdf ? (
                <a href={pdf} target="_blank" rel="noopener noreferrer">
                  Open title search PDF<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                property.pdf
              )}
            </FieldRow>
            <FieldRow label="Area">{property.area}</FieldRow>
            <FieldRow label="Zoning">{property.zoning}</FieldRow>
            <FieldRow label="Notes">{property.notes}</FieldRow>
            <FieldRow label="Project ID">{String(property.projectId ?? "")}</FieldRow>
          </FieldList>
          <Heading as="h3" size="3">
            Land Access Agreement
          </Heading>
          <p>
            <LaaBadge status={property.laaStatus} expiryDate={property.laaExpiryDate} showDate />
          </p>
          {property.hasLAA && property.laaDetails ? <p>{property.laaDetails}</p> : null}
          <Heading as="h3" size="3">
            Next Action
          </Heading>
          <p>{property.nextAction ?? <span className="muted">None</span>}</p>
          <p>
            <PriorityBadge priority={property.priority} dueDate={property.nextActionDueDate} />
          </p>
          <Heading as="h3" size="3">
            Linked Stakeholders ({property.linkedStakeholders.length})
          </Heading>
          <LinkedStakeholderList stakeholders={property.linkedStakeholders} />
          {commitments ? <RecordCommitments rows={commitments} /> : null}
          {losses ? <PropertyAffectedLand losses={losses} /> : null}
          <p>
            <Link to={`/grievances?property=${property.id}`}>Grievances about this property</Link>
          </p>
          <p>
            <Link to={`/map?property=${property.id}`}>Show on map</Link>
          </p>
          {canEdit ? (
            <Flex className="button-row" gap="2" wrap="wrap">
              <Button asChild>
                <Link to={panel({ edit: property.id })} preventScrollReset>
                  Edit Property
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={panel({ link: property.id })} preventScrollReset>
                  Link Stakeholders
                </Link>
              </Button>
            </Flex>
          ) : null}
        </div>
      )}
    </PanelDialog>
  );
}
