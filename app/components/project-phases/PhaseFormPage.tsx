import { Link } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/radix";
import { PageHeader, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { FORM_TITLE, FORM_VERSION, PHASE_TEXT, phasesUrl } from "~/modules/project-lifecycle/phase-fields";
import type { PhaseFormData } from "~/modules/project-lifecycle/phases-page.server";
import { formatDateTime } from "~/utils/dates";
import { PhaseAnswers, PhaseErrorSummary, PhaseForm, ReadOnlyNotice } from "./PhaseForm";
import { PhaseStatusBadge, phaseStamp } from "./PhaseStatusBadge";

const STATUS_ID = "phase-status";

/** /projects/{id}/phases/{planning|closure}: the part's status, then its form, or its answers read-only. */
export function PhaseFormPage({ data }: { data: PhaseFormData }) {
  const text = PHASE_TEXT[data.phase];
  return (
    <div className="stack">
      <PhaseErrorSummary phase={data.phase} editable={data.editable} statusId={STATUS_ID} />
      <PageHeader title={`${text.part}: ${text.title}`} subtitle={`${FORM_TITLE} · Version ${FORM_VERSION}`}>
        <Button asChild variant="outline">
          <Link to={phasesUrl(data.project.id)}>Back to Overview</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      <Flex id={STATUS_ID} tabIndex={-1} align="center" gap="3" wrap="wrap" className="phase-status">
        <Text weight="bold">Status:</Text>
        <PhaseStatusBadge status={data.status} />
        <Text>{phaseStamp(data, (iso) => formatDateTime(iso, data.timeZone))}</Text>
      </Flex>
      {data.editable ? (
        <PhaseForm data={data} />
      ) : (
        <>
          <ReadOnlyNotice data={data} />
          <PhaseAnswers data={data} />
          <div>
            <Button asChild variant="outline">
              <Link to={phasesUrl(data.project.id)}>Back to Overview</Link>
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** The phases screens' error page: "Invalid project ID" (400), "Project ID not found" (404), Access Denied (403). */
export const PhasesErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Project not found" />;
