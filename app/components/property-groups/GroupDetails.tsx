import { useEffect } from "react";
import { DataTable, TableBody, TableCell, TableColumnHeaderCell, TableHeader, TableRow, TableRowHeaderCell, Breakable, FieldList, FieldRow, PanelDialog } from "~/components/kit";
import { Link, useLocation } from "@remix-run/react";
import type { GroupDetails as GroupDetailsData } from "~/modules/property-groups/groups.server";
import { propertySearchHref, stakeholderHref, type GroupTab } from "~/modules/property-groups/format";
import { withParams } from "~/utils/list-query";

const TABS: { key: GroupTab; label: string }[] = [
  { key: "contact", label: "Contact Information" },
  { key: "properties", label: "Associated Properties" },
];

/**
 * React applies autoFocus only to form controls, so after a client-side navigation the panel's
 * heading would not take focus; move it there whenever another group (or the not-found state) opens.
 */
function useFocusPanelHeading(key: string | number) {
  useEffect(() => {
    document.getElementById("group-details-title")?.focus();
  }, [key]);
}

/** The spec's group dialog as a URL state (?group=ID&tab=contact|properties), tabs as plain links. */
export function GroupDetails({ group, tab }: { group: GroupDetailsData; tab: GroupTab }) {
  const { search } = useLocation();
  const closeTo = withParams(search, { group: null, tab: null });
  useFocusPanelHeading(group.id);
  return (
    <PanelDialog id="group-details" title={group.name} closeTo={closeTo} wide>
      <p>
        <Link to={stakeholderHref(group.id)}>
          {group.name}
          <span className="visually-hidden"> in Stakeholders</span>
        </Link>{" "}
        <span className="muted">· {group.propertyCount === 1 ? "1 linked property" : `${group.propertyCount} linked properties`}</span>
      </p>
      <nav aria-label={`${group.name} details`}>
        <ul className="tabs">
          {TABS.map((t) => (
            <li key={t.key}>
              <Link to={withParams(search, { tab: t.key })} aria-current={t.key === tab ? "page" : undefined} preventScrollReset>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === "contact" ? <ContactTab group={group} /> : <PropertiesTab group={group} />}
    </PanelDialog>
  );
}

function ContactTab({ group }: { group: GroupDetailsData }) {
  const { emails, phones, addresses } = group.contact;
  return (
    <section aria-labelledby="group-contact-title">
      <h3 id="group-contact-title">Contact Information</h3>
      <FieldList>
        <FieldRow label="E-mail">
          {emails.length ? (
            <ul className="plain-list">
              {emails.map((email) => (
                <li key={email}>
                  <a href={`mailto:${email}`}>
                    <Breakable text={email} />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">None recorded</span>
          )}
        </FieldRow>
        <FieldRow label="Phone">
          {phones.length ? (
            <ul className="plain-list">
              {phones.map((phone) => (
                <li key={phone.value}>
                  {phone.value}
                  {phone.label ? <span className="muted"> ({phone.label})</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">None recorded</span>
          )}
        </FieldRow>
        <FieldRow label="Address">
          {addresses.length ? (
            <ul className="plain-list">
              {addresses.map((address) => (
                <li key={address}>{address}</li>
              ))}
            </ul>
          ) : (
            <span className="muted">None recorded</span>
          )}
        </FieldRow>
      </FieldList>
    </section>
  );
}

function PropertiesTab({ group }: { group: GroupDetailsData }) {
  const properties = group.properties ?? [];
  return (
    <section aria-labelledby="group-properties-title">
      <h3 id="group-properties-title">Associated Properties</h3>
      {properties.length < group.propertyCount ? (
        <p className="muted">
          Showing the first {properties.length} of {group.propertyCount} properties.
        </p>
      ) : null}
      <DataTable labelledBy="group-properties-title" caption={{ text: `Properties linked to ${group.name}`, hidden: true }} className="records">
        <TableHeader>
          <TableRow>
            <TableColumnHeaderCell>Address</TableColumnHeaderCell>
            <TableColumnHeaderCell>Volume/Folio</TableColumnHeaderCell>
            <TableColumnHeaderCell>Lot/Plan</TableColumnHeaderCell>
            <TableColumnHeaderCell>
              <span className="visually-hidden">Actions</span>
            </TableColumnHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {properties.map((property) => (
            <TableRow key={property.id}>
              <TableRowHeaderCell>{property.address}</TableRowHeaderCell>
              <TableCell>{property.volumeFolio ?? <span className="muted">—</span>}</TableCell>
              <TableCell>{property.lotPlan ?? <span className="muted">—</span>}</TableCell>
              <TableCell>
                <Link to={propertySearchHref(property.address)}>
                  View<span className="visually-hidden"> {property.address}</span>
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </DataTable>
    </section>
  );
}

/** Shown in the dialog's place when ?group= names no group of this project. */
export function GroupNotFound() {
  const { search } = useLocation();
  useFocusPanelHeading("not-found");
  return (
    <PanelDialog id="group-details" title="Stakeholder not found" closeTo={withParams(search, { group: null, tab: null })}>
      <p>This stakeholder does not exist in the current project or has no linked properties.</p>
    </PanelDialog>
  );
}
