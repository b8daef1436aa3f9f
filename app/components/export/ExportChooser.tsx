import { Form, useSubmit } from "@remix-run/react";
import { Button, Card, Heading, Text } from "~/components/radix";
import { EXPORT_MODE_DESCRIPTIONS } from "~/modules/export/column-list";
import { EXPORT_TYPE_LABELS, EXPORT_TYPES, type ExportType } from "~/modules/export/export-types";
import { EXPORT_MODE_LABELS, EXPORT_MODES, type ExportMode } from "~/modules/export/export-modes";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * What to export and how: a GET form, so each choice is a URL. Without JavaScript "Show columns"
 * applies it; with JavaScript a change applies at once. The properties-only modes say so, and the
 * server falls back to Standard (with a notice) if one is asked for another type.
 */
export function ExportChooser({ type, mode }: { type: ExportType; mode: ExportMode }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Card asChild size="3">
      <section aria-labelledby="export-choice-title">
        <Heading as="h2" size="5" id="export-choice-title">
          What to export
        </Heading>
        <Form method="get" action="/export" className="export-chooser" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
          <fieldset className="form-section">
            <legend className="field__label">Export type</legend>
            <ul className="radio-list radio-list--inline">
              {EXPORT_TYPES.map((value) => (
                <li key={value}>
                  <input type="radio" id={`export-type-${value}`} name="type" value={value} defaultChecked={value === type} />{" "}
                  <label htmlFor={`export-type-${value}`}>{EXPORT_TYPE_LABELS[value]}</label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset className="form-section">
            <legend className="field__label">Mode</legend>
            <ul className="radio-list">
              {EXPORT_MODES.map((value) => (
                <li key={value}>
                  <input type="radio" id={`export-mode-${value}`} name="mode" value={value} defaultChecked={value === mode} aria-describedby={`export-mode-${value}-hint`} />{" "}
                  <label htmlFor={`export-mode-${value}`}>{EXPORT_MODE_LABELS[value]}</label>{" "}
                  <Text as="span" color="gray" size="2" id={`export-mode-${value}-hint`}>
                    {EXPORT_MODE_DESCRIPTIONS[value]}
                  </Text>
                </li>
              ))}
            </ul>
          </fieldset>
          {hydrated ? null : (
            <div>
              <Button type="submit" variant="soft">
                Show columns
              </Button>
            </div>
          )}
        </Form>
      </section>
    </Card>
  );
}
