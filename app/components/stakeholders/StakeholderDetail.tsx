import { RecordHistory, Breakable, FieldList, FieldRow, PanelDialog, PriorityBadge } from "~/components/kit";
import type { ActivityRow } from "~/modules/audit/history.server";
import type { RecordTab } from "~/utils/record-tabs";
import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { Button, Heading } from "~/components/radix";
import { DocumentsPanel } from "~/components/documents/DocumentsPanel";
import type { RecordDocuments } from "~/modules/document/document.server";
import type { StakeholderDetails } from "~/modules/stakeholder/stakeholder-json";
import { formatDate, formatDateTime } from "~/utils/dates";
import { listSearch, panelSearch } from "~/modules/stakeholder/urls";
import { ContactDetailsForm } from "./ContactDetailsForm";
import { RecordCommitments, type RecordCommitmentRow } from "~/components/commitments/RecordCommitments";
import { LandholderAffectedLand } from "~/components/affected-areas/AffectedLand";
import type { LandholderLosses } from "~/modules/affected-areas/losses.server";

type Row = [label: string, value: ReactNode];

function Section({ title, rows, action }: { title: string; rows: Row[]; action?: ReactNode }) {
  return (
    <section className="detail-section" aria-label={title}>
      <Heading as="h3" size="3">
        {title}
      </Heading>
      {action}
      <FieldList>
        {rows.map(([label, value]) => (
          <FieldRow key={label} label={label} empty="Not provided">
            {value}
          </FieldRow>
        ))}
      </FieldList>
    </section>
  );
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const email = (value: string | null) => (value ? <Breakable text={value} /> : null);
const coords = (lat: number | null, lng: number | null) => (lat !== null && lng !== null ? `${lat}, ${lng}` : null);

/** Details tab: every field of the record, including imported custom fields (docs/records.md#stakeholder-list). */
function DetailsTab({ s, editContactTo }: { s: StakeholderDetails; editContactTo: string | null }) {
  const custom = Object.entries(s.customFields ?? {});
  return (
    <>
      <Section
        title="Basic Information"
        rows={[
          ["Name", s.name],
          ["Company name", s.companyName],
          ["Active", yesNo(s.isActive)],
          ["Project property owner", yesNo(s.isProjectPropertyOwner)],
        ]}
      />
      <Section
        title="Contact Information"
        action={
          editContactTo ? (
            <Button asChild variant="soft" size="1">
              <Link to={editContactTo} preventScrollReset>
                Edit Contact Details
              </Link>
            </Button>
          ) : null
        }
        rows={[
          ["Email", email(s.email)],
          ["Email 2", email(s.email2)],
          ["Email 3", email(s.email3)],
          ["Phone", s.phone],
          ["Phone 2", s.phone2],
          ["Phone 3", s.phone3],
        ]}
      />
      <Section
        title="Additional Contact Fields"
        rows={[
          ["Mobile", s.mobile],
          ["Contact phone", s.contactPhone],
          ["Business phone", s.businessPhone],
          ["Home phone", s.homePhone],
          ["Cell phone", s.cellPhone],
          ["Mobile phone", s.mobilePhone],
        ]}
      />
      <Section
        title="Addresses"
        rows={[
          ["Address", s.address],
          ["Address 2", s.address2],
          ["Address 3", s.address3],
          ["Location (lat, lng)", coords(s.latitude, s.longitude)],
          ["Address 1 coordinates", coords(s.address1Lat, s.address1Lng)],
          ["Address 2 coordinates", coords(s.address2Lat, s.address2Lng)],
          ["Address 3 coordinates", coords(s.address3Lat, s.address3Lng)],
          ["Spatial accuracy", s.spatialAccuracy],
          ["Geo source", s.geoSource],
        ]}
      />
      <Section
        title="Categorisation"
        rows={[
          ["Member type", s.memberType],
          ["Stakeholder category", s.stakeholderCategory],
          ["Influence level", s.influenceLevel],
          ["IAP2 engagement level", s.iap2EngagementLevel],
        ]}
      />
      <Section
        title="Next Action"
        rows={[
          ["Next action", s.nextAction],
          ["Due date", s.nextActionDueDate ? formatDate(s.nextActionDueDate) : null],
          ["Priority", <PriorityBadge key="p" priority={s.priority} dueDate={s.nextActionDueDate} />],
        ]}
      />
      <Section title="Notes" rows={[["Notes", s.notes ? <span className="preserve-lines">{s.notes}</span> : null]]} />
      <Section title="Custom Fields" rows={custom.length ? custom.map(([key, value]) => [key, value === null ? null : String(value)]) : [["Custom fields", null]]} />
      <Section
        title="Record"
        rows={[
          ["Stakeholder ID", String(s.id)],
          ["Last contact", s.lastContact ? formatDateTime(s.lastContact) : null],
          ["Created", formatDateTime(s.createdAt)],
          ["Updated", formatDateTime(s.updatedAt)],
          ["Version", String(s.version)],
        ]}
      />
    </>
  );
}

export function StakeholderDetail({
  stakeholder: s,
  tab,
  documents,
  history = null,
  commitments = null,
  losses = null,
  canEdit,
  projectId,
  editingContact = false,
}: {
  losses?: LandholderLosses | null;
  commitments?: RecordCommitmentRow[] | null;
  stakeholder: StakeholderDetails;
  /** ?contact=1: the Details tab is the Edit Contact Details form (docs/records.md#contact-details). */
  editingContact?: boolean;
  tab: RecordTab;
  documents: RecordDocuments | null;
  history?: ActivityRow[] | null;
  canEdit: boolean;
  projectId: number;
}) {
  const { search } = useLocation();
  const tabs = [
    ["details", "Details", panelSearch(search, { highlight: s.id })],
    ["documents", "Documents", panelSearch(search, { highlight: s.id, tab: "documents" })],
    ["history", "History", panelSearch(search, { highlight: s.id, tab: "history" })],
  ] as const;
  const json = `/stakeholders/export.json?projectId=${projectId}`;
  return (
    <PanelDialog id="stakeholder-detail" title={s.name} closeTo={listSearch(search)} wide>
      <ul className="button-row detail-actions">
        {canEdit ? (
          <li>
            <Button asChild>
              <Link to={panelSearch(search, { interact: s.id })}>Record Interaction</Link>
            </Button>
          </li>
        ) : null}
        <li>
          <Button asChild variant="outline">
            <Link to={panelSearch(search, { interactions: s.id })}>View Interactions</Link>
          </Button>
        </li>
        {canEdit ? (
          <>
            <li>
              <Button asChild variant="outline">
                <Link to={panelSearch(search, { link: s.id })}>Link Properties</Link>
              </Button>
            </li>
            <li>
              <Button asChild variant="outline">
                <Link to={panelSearch(search, { edit: s.id })}>Edit</Link>
              </Button>
            </li>
          </>
        ) : null}
      </ul>
      <nav aria-label="Stakeholder detail tabs">
        <ul className="tabs">
          {tabs.map(([key, label, to]) => (
            <li key={key}>
              <Link to={to} aria-current={tab === key ? "page" : undefined} preventScrollReset>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {editingContact ? (
        <ContactDetailsForm stakeholder={s} />
      ) : tab === "history" && history ? (
        <RecordHistory rows={history} />
      ) : tab === "documents" && documents ? (
        <DocumentsPanel data={documents} projectId={projectId} returnTo={`/stakeholders?highlight=${s.id}&tab=documents`} recordLabel={s.name} />
      ) : (
        <>
          <DetailsTab s={s} editContactTo={canEdit ? panelSearch(search, { highlight: s.id, contact: 1 }) : null} />
          {commitments ? <RecordCommitments rows={commitments} stakeholderId={s.id} /> : null}
          {losses ? <LandholderAffectedLand losses={losses} /> : null}
        </>
      )}
      <details className="debug-actions">
        <summary>Debug data</summary>
        <ul className="button-row">
          <li>
            <Button asChild variant="outline" color="gray">
              <a href={`/stakeholders/sample.json?projectId=${projectId}`}>Show sample data</a>
            </Button>
          </li>
          <li>
            <Button asChild variant="outline" color="gray">
              <a href={json} target="_blank" rel="noopener noreferrer">
                Open all stakeholders as raw data<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </Button>
          </li>
          <li>
            <Button asChild variant="outline" color="gray">
              <a href={`${json}&download=1`}>Download all stakeholders as JSON</a>
            </Button>
          </li>
        </ul>
      </details>
    </PanelDialog>
  );
}
