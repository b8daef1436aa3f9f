import { useState } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/radix";
import { useHydrated } from "~/utils/use-hydrated";
import { fieldId } from "../form/ErrorSummary";
import { FormActions } from "../form/FormActions";
import { useFormErrors } from "../form/form-state";

/**
 * The two halves of a Link dialog (docs/records.md#links): the records linked now, each with its own
 * Remove link form, and the checklist whose save replaces the links. Saving with nothing ticked is
 * refused by the server (the error is shown beside the checklist); with JavaScript the save button
 * is also disabled while nothing is ticked.
 */

type Hidden = Record<string, string | number>;

function HiddenFields({ fields }: { fields: Hidden }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** "Linked now": one Remove link button per linked record, each posting `intent` with `idField` set to that record. */
export function LinkedRecords({ id, title, items, intent, idField, hidden }: { id: string; title: string; items: { id: number; label: string }[]; intent: string; idField: string; hidden: Hidden }) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="linked-records">
      <Heading as="h3" size="3" id={headingId}>
        {title} ({items.length})
      </Heading>
      {items.length === 0 ? (
        <Text as="p" color="gray">
          Nothing is linked yet.
        </Text>
      ) : (
        <ul className="linked-records__list">
          {items.map((item) => (
            <li key={item.id}>
              <span>{item.label}</span>
              <Form method="post" preventScrollReset>
                <HiddenFields fields={{ ...hidden, intent, [idField]: item.id }} />
                <Button type="submit" variant="soft" color="red" size="1">
                  Remove link<span className="visually-hidden"> to {item.label}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The checklist: every choice, the linked ones ticked; `field` names the checkboxes (and the server's error). */
export function LinkChecklist({
  formId,
  field,
  legend,
  hint,
  choices,
  linked,
  hidden,
  cancelTo,
}: {
  formId: string;
  field: string;
  legend: string;
  hint: string;
  choices: { id: number; label: string; note?: string | null }[];
  linked: number[];
  hidden: Hidden;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const errors = useFormErrors(formId);
  const error = errors?.fieldErrors[field];
  const ticked = new Set(linked);
  const [count, setCount] = useState(() => choices.filter((c) => ticked.has(c.id)).length);
  const saving = navigation.state === "submitting" && navigation.formData?.get("formId") === formId;
  const hintId = `${formId}-hint`;
  const errorId = `${formId}-error`;
  return (
    <Form method="post" noValidate preventScrollReset className="stack" onChange={(event) => setCount(event.currentTarget.querySelectorAll(`input[name="${field}"]:checked`).length)}>
      <HiddenFields fields={{ ...hidden, formId }} />
      <fieldset className={`form-section field${error ? " field--error" : ""}`} aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}>
        <legend>{legend}</legend>
        <Text as="p" id={hintId} color="gray" className="field__hint">
          {hint}
        </Text>
        {error ? (
          <Text as="p" id={errorId} color="red" weight="bold" className="field__error">
            <span className="visually-hidden">Error: </span>
            {error}
          </Text>
        ) : null}
        <ul className="checklist link-checklist">
          {choices.map((c, index) => (
            <li key={c.id}>
              <label>
                <input type="checkbox" id={index === 0 ? fieldId(field) : undefined} name={field} value={c.id} defaultChecked={ticked.has(c.id)} />
                <span>
                  {c.label}
                  {c.note ? <span className="muted"> ({c.note})</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <FormActions submitLabel="Save Links" busy={saving} busyLabel="Saving..." cancelTo={cancelTo} disabled={hydrated && count === 0} />
    </Form>
  );
}
