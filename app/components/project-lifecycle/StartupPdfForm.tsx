import { useState, type FormEvent } from "react";
import { Button, Callout, Card, Heading, Text } from "~/components/radix";
import { FileField } from "~/components/documents/FileField";
import { ErrorSummary, fieldId } from "~/components/kit";
import { PDF_EXTRACT_MESSAGES, type TeamMember } from "~/modules/project-lifecycle/startup-fields";
import { EXTRACTION_SUMMARY_COUNT, STARTUP_PDF_FORM_ID } from "~/modules/project-lifecycle/startup-form";
import type { ExtractedField } from "~/modules/project-lifecycle/startup-text";
import { useHydrated } from "~/utils/use-hydrated";

export interface Extraction {
  message: string;
  fields: ExtractedField[];
  teamMembers: TeamMember[];
}

const FILE_ID = fieldId(`${STARTUP_PDF_FORM_ID}-pdf`);

/**
 * "Auto-fill from a PDF" (idle, processing, filled: docs/lifecycle.md#pdf-auto-fill). Without JavaScript the PDF is
 * posted to the page, which re-renders the start-up form filled in; with JavaScript it goes to
 * POST /api/extract-pdf-fields and `onExtracted` fills the form in place. Either way the message
 * "Extracted N fields and auto-populated the form" and the first 8 fields found are shown.
 */
export function StartupPdfForm({
  action,
  error,
  summary,
  onExtracted,
}: {
  action: string;
  error?: string;
  summary?: { message: string; fields: ExtractedField[] } | null;
  onExtracted: (extraction: Extraction) => void;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;

  const extractInPlace = async (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const file = (event.currentTarget.elements.namedItem("pdf") as HTMLInputElement | null)?.files?.[0];
    setLocalError(null);
    if (!file) {
      setLocalError("Choose a PDF file to upload");
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.append("pdf", file);
      const response = await fetch("/api/extract-pdf-fields", { method: "POST", body, headers: { Accept: "application/json" } });
      const result = (await response.json().catch(() => null)) as (Extraction & { message?: string }) | null;
      if (!response.ok || !result || !Array.isArray(result.fields)) {
        setLocalError(result?.message ?? PDF_EXTRACT_MESSAGES.processFailed);
        return;
      }
      onExtracted({ message: result.message ?? PDF_EXTRACT_MESSAGES.extracted(result.fields.length), fields: result.fields, teamMembers: result.teamMembers ?? [] });
    } catch {
      setLocalError(PDF_EXTRACT_MESSAGES.processFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card asChild size="3">
      <section aria-labelledby="startup-pdf-title" className="stack">
        <Heading as="h2" size="5" id="startup-pdf-title">
          Auto-fill from a start-up form PDF
        </Heading>
        <Text as="p" color="gray">
          Have a filled-in start-up form? Upload it first: the fields it holds fill the form below, and you can check and change them before creating the project.
        </Text>
        <ErrorSummary errors={shownError ? { pdf: shownError } : null} fieldIds={{ pdf: FILE_ID }} title={shownError === PDF_EXTRACT_MESSAGES.invalidFile ? "Invalid File" : undefined} />
        <form method="post" action={action} encType="multipart/form-data" noValidate onSubmit={extractInPlace} className="stack">
          <FileField
            name="pdf"
            label="Start-up form (PDF)"
            hint="A PDF with form fields, or one printed with the labels and values, up to 10MB."
            accept="application/pdf,.pdf"
            formId={STARTUP_PDF_FORM_ID}
          />
          <div>
            <Button type="submit" variant="soft" disabled={busy || undefined}>
              {busy ? "Processing PDF..." : "Auto-fill from PDF"}
            </Button>
          </div>
        </form>
        <div role="status" aria-live="polite">
          {summary ? (
            <Callout.Root color="green" variant="surface">
              <Callout.Text weight="bold">{summary.message}</Callout.Text>
              {summary.fields.length ? (
                <ul className="extraction-summary">
                  {summary.fields.slice(0, EXTRACTION_SUMMARY_COUNT).map((field) => (
                    <li key={field.field}>
                      <strong>{field.label}:</strong> {field.value}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Callout.Root>
          ) : null}
        </div>
      </section>
    </Card>
  );
}
