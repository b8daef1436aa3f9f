import type { ReactNode } from "react";
import { DocumentsPanel } from "~/components/documents/DocumentsPanel";
import type { RecordDocuments } from "~/modules/document/document.server";
import { useFocusHeading } from "./useFocusHeading";
import { Link } from "@remix-run/react";
import { PanelDialog } from "~/components/records/PanelDialog";
import { PriorityBadge } from "~/components/records/PriorityBadge";
import { safeExternalUrl } from "~/modules/property/display";
import type { PropertyDetailsView } from "~/modules/property/property-json";
import { LaaBadge } from "./LaaBadge";
import { LinkedStakeholderList } from "./PropertyCards";
import { usePanelLink } from "./PropertyTable";

function Row({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <>
      <dt>{label}</dt>
      <dd>{empty ? <span className="muted">Not recorded</span> : children}</dd>
    </>
  );
}

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

/** The Property Details modal as a URL state (?highlight=ID, ?tab=documents), with its two tabs. */
export function PropertyDetails({
  property,
  tab,
  canEdit,
  documents,
  projectId,
}: {
  property: PropertyDetailsView;
  tab: "details" | "documents";
  canEdit: boolean;
  documents: RecordDocuments | null;
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
      </nav>
      {tab === "documents" && documents ? (
        <DocumentsPanel data={documents} projectId={projectId} returnTo={`/properties?highlight=${property.id}&tab=documents`} recordLabel={property.address} />
      ) : (
        <div className="property-details">
          <dl className="definition-list">
            <Row label="Address">{property.address}</Row>
            <Row label="Search Number">{property.search}</Row>
            <Row label="Volume">{property.volume}</Row>
            <Row label="Folio">{property.folio}</Row>
            <Row label="Lot/Plan">{property.lotPlan}</Row>
            <Row label="Title Type">{property.titleType}</Row>
            <Row label="Primary Owner">{property.primaryOwner}</Row>
            <Row label="Proprietors">
              {property.proprietors.length ? <TextList items={property.proprietors} /> : null}
            </Row>
            <Row label="Security Number">{property.securityNumber}</Row>
            <Row label="SPI Number">{property.spiNumber}</Row>
            <Row label="Title Date">{property.titleDate}</Row>
            <Row label="Proprietor Date">{property.proprietorDate}</Row>
            <Row label="eCT Controller">{property.ectController}</Row>
            <Row label="eCT Effective Date">{property.ectEffectiveFromDate}</Row>
            <Row label="Additional Addresses">
              {property.addresses.length ? <TextList items={property.addresses} /> : null}
            </Row>
            <Row label="Additional Information">{property.additionalInfo}</Row>
            <Row label="PDF">
              {pdf ? (
                <a href={pdf} target="_blank" rel="noopener noreferrer">
                  Open title search PDF<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                property.pdf
              )}
            </Row>
            <Row label="Area">{property.area}</Row>
            <Row label="Zoning">{property.zoning}</Row>
            <Row label="Notes">{property.notes}</Row>
            <Row label="Project ID">{String(property.projectId ?? "")}</Row>
          </dl>
          <h3>Land Access Agreement</h3>
          <p>
            <LaaBadge status={property.laaStatus} expiryDate={property.laaExpiryDate} showDate />
          </p>
          {property.hasLAA && property.laaDetails ? <p>{property.laaDetails}</p> : null}
          <h3>Next Action</h3>
          <p>{property.nextAction ?? <span className="muted">None</span>}</p>
          <p>
            <PriorityBadge priority={property.priority} dueDate={property.nextActionDueDate} />
          </p>
          <h3>Linked Stakeholders ({property.linkedStakeholders.length})</h3>
          <LinkedStakeholderList stakeholders={property.linkedStakeholders} />
          {canEdit ? (
            <p className="button-row">
              <Link className="button" to={panel({ edit: property.id })} preventScrollReset>
                Edit Property
              </Link>
              <Link className="button button--secondary" to={panel({ link: property.id })} preventScrollReset>
                Link Stakeholders
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </PanelDialog>
  );
}
