import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Heading } from "~/components/radix";
import { PageHeader } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { StartupForm } from "~/components/project-lifecycle/StartupForm";
import { StartupPdfForm, type Extraction } from "~/components/project-lifecycle/StartupPdfForm";
import { requireProjectCreator } from "~/modules/access/system.server";
import type { NewProjectActionData } from "~/modules/project-lifecycle/new-project-actions.server";
import { newProjectAction } from "~/modules/project-lifecycle/new-project-actions.server";
import { loadNewProjectPage } from "~/modules/project-lifecycle/new-project-page.server";
import { applyExtraction, EXTRACTION_SUMMARY_COUNT, readStartupForm, STARTUP_PDF_FORM_ID } from "~/modules/project-lifecycle/startup-form";
import type { ExtractedField } from "~/modules/project-lifecycle/startup-text";
import styles from "~/styles/project-lifecycle.css";
import { handleAppErrors } from "~/utils/http.server";
import { useHydrated } from "~/utils/use-hydrated";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { pageTitle: "New Project: Start Up Form" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireProjectCreator(request);
    return json(await loadNewProjectPage(user));
  });

export const action = ({ request }: ActionFunctionArgs) => handleAppErrors(() => newProjectAction(request));

const ACTION = "/projects/new";

export default function NewProject() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as NewProjectActionData | undefined;
  const hydrated = useHydrated();
  const [form, setForm] = useState({ values: posted?.values ?? data.values, team: posted?.team ?? data.team, fillKey: 0 });
  const [summary, setSummary] = useState(posted?.extraction ?? null);
  const [extracted, setExtracted] = useState<ExtractedField[] | null>(posted?.extractedFields ?? null);

  // A postback re-renders the form with what the server sent back.
  useEffect(() => {
    if (!posted) return;
    setForm((current) => ({ values: posted.values, team: posted.team, fillKey: current.fillKey + 1 }));
    setSummary(posted.extraction ?? null);
    setExtracted(posted.extractedFields);
  }, [posted]);

  // With JavaScript: what the PDF held goes over what is typed so far, in place.
  const onExtracted = (extraction: Extraction) => {
    const element = document.querySelector<HTMLFormElement>("form.startup-form");
    const current = element ? readStartupForm(new FormData(element)) : form;
    const filled = applyExtraction(current.values, current.team, extraction);
    setForm((previous) => ({ ...filled, fillKey: previous.fillKey + 1 }));
    setSummary({ message: extraction.message, summary: extraction.fields.slice(0, EXTRACTION_SUMMARY_COUNT) });
    setExtracted(extraction.fields.length ? extraction.fields : null);
  };

  const pdfError = posted?.formId === STARTUP_PDF_FORM_ID ? posted.fieldErrors.pdf : undefined;
  const startupErrors = posted && posted.formId !== STARTUP_PDF_FORM_ID ? posted.fieldErrors : {};
  return (
    <>
      <PageHeader title="Project Start Up, Planning and Closure Form" subtitle="Part 1: Start-up. Create the project; planning and closure follow on its phases page." />
      <StartupPdfForm action={ACTION} error={pdfError} summary={summary ? { message: summary.message, fields: summary.summary } : null} onExtracted={onExtracted} />
      <section aria-labelledby="startup-form-title" className="stack">
        <Heading as="h2" size="5" id="startup-form-title">
          Start-up details
        </Heading>
        <StartupForm
          action={ACTION}
          values={form.values}
          team={form.team}
          fillKey={form.fillKey}
          errors={startupErrors}
          planLimit={Boolean(posted?.planLimit)}
          clients={data.clients}
          clientId={posted?.clientId ?? ""}
          extractedFields={extracted}
          announcement={posted?.announcement ?? ""}
          serverFocus={posted?.focus ?? null}
          hydrated={hydrated}
        />
      </section>
    </>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary back={{ to: "/", label: "Back to Dashboard" }} />;
