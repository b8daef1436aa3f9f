import type { ReactNode } from "react";
import type { TextField } from "~/components/kit";
import { LIMITS } from "~/modules/stakeholder/limits";

export type ContactFieldName = "email" | "email2" | "email3" | "phone" | "phone2" | "phone3" | "address" | "address2" | "address3";

/** Renders one text field of the form that holds the fieldset (its form id and current values). */
export type ContactFieldRenderer = (name: ContactFieldName, label: string, extra?: Partial<Parameters<typeof TextField>[0]>) => ReactNode;

/** The e-mails and phones, as the stakeholder form and the contact-details edit both show them. */
export function ContactInformationFieldset({ field }: { field: ContactFieldRenderer }) {
  return (
    <fieldset className="form-section">
      <legend>Contact Information</legend>
      <div className="form-grid">
        {field("email", "Email", { type: "email", maxLength: LIMITS.email })}
        {field("email2", "Email 2", { type: "email", maxLength: LIMITS.email })}
        {field("email3", "Email 3", { type: "email", maxLength: LIMITS.email })}
        {field("phone", "Phone", { type: "tel", maxLength: LIMITS.phone })}
        {field("phone2", "Phone 2", { type: "tel", maxLength: LIMITS.phone })}
        {field("phone3", "Phone 3", { type: "tel", maxLength: LIMITS.phone })}
      </div>
    </fieldset>
  );
}

/** The three contact addresses, as both forms show them. */
export function ContactAddressesFieldset({ field }: { field: ContactFieldRenderer }) {
  return (
    <fieldset className="form-section">
      <legend>Contact Addresses</legend>
      {field("address", "Address", { maxLength: LIMITS.address })}
      {field("address2", "Address 2", { maxLength: LIMITS.address })}
      {field("address3", "Address 3", { maxLength: LIMITS.address })}
    </fieldset>
  );
}
