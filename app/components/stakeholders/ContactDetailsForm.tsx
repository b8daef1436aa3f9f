import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { Heading } from "~/components/radix";
import { FormActions, TextField, usePageHasFormErrors } from "~/components/kit";
import { CONTACT_FORM, CONTACT_FORM_HEADING } from "~/modules/stakeholder/form-ids";
import { LIMITS } from "~/modules/stakeholder/limits";
import { ContactAddressesFieldset, ContactInformationFieldset } from "./ContactFieldsets";
import type { StakeholderDetails } from "~/modules/stakeholder/stakeholder-json";
import { panelSearch } from "~/modules/stakeholder/urls";

/**
 * Edit Contact Details in the detail view (?highlight=ID&contact=1, docs/records.md#contact-details): name,
 * e-mails, phones and addresses. It posts the version it was rendered with; a stale save is refused
 * and the form shows the record as it is now (the key remounts it on a new version).
 */
export function ContactDetailsForm({ stakeholder: s }: { stakeholder: StakeholderDetails }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const heading = useRef<HTMLHeadingElement>(null);
  const showsErrors = usePageHasFormErrors();
  // Opened from the details (a client-side navigation): the dialog stays, so focus moves to the form.
  useEffect(() => {
    if (!showsErrors) heading.current?.focus();
    // Only when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const saving = navigation.state === "submitting" && navigation.formData?.get("formId") === CONTACT_FORM;
  const back = panelSearch(search, { highlight: s.id });
  const field = (
    name: "name" | "email" | "email2" | "email3" | "phone" | "phone2" | "phone3" | "address" | "address2" | "address3",
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => <TextField formId={CONTACT_FORM} name={name} label={label} defaultValue={s[name] ?? ""} {...extra} />;
  return (
    <section aria-labelledby={CONTACT_FORM_HEADING} className="contact-edit">
      <Heading as="h3" size="4" id={CONTACT_FORM_HEADING} ref={heading} tabIndex={-1}>
        Edit Contact Details
      </Heading>
      <Form method="post" noValidate key={`${s.id}-${s.version}`} className="stakeholder-form" preventScrollReset>
        <input type="hidden" name="formId" value={CONTACT_FORM} />
        <input type="hidden" name="intent" value="update-contact" />
        <input type="hidden" name="id" value={s.id} />
        <input type="hidden" name="version" value={s.version} />
        {field("name", "Name", { required: true, maxLength: LIMITS.name, autoComplete: "off" })}
        <ContactInformationFieldset field={field} />
        <ContactAddressesFieldset field={field} />
        <FormActions submitLabel="Save Contact Details" busy={saving} busyLabel="Saving..." cancelTo={back} />
      </Form>
    </section>
  );
}
