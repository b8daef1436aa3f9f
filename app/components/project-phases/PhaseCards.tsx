import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { Button, Card, Flex, Grid, Heading, Text } from "~/components/radix";
import { PHASE_TEXT, PHASE_QUESTIONS, phaseFormUrl, PROCESS_FLOW, type FormPhase } from "~/modules/project-lifecycle/phase-fields";
import type { PhasesOverviewData } from "~/modules/project-lifecycle/phases-page.server";
import { formatDateTime } from "~/utils/dates";
import { PhaseStatusBadge, phaseStamp } from "./PhaseStatusBadge";

type Stamp = PhasesOverviewData["planning"];

function PhaseCard({
  id,
  part,
  title,
  description,
  state,
  timeZone,
  children,
}: {
  id: string;
  part: string;
  title: string;
  description: string;
  state: Stamp | PhasesOverviewData["startup"];
  timeZone: string;
  children?: ReactNode;
}) {
  return (
    <Card asChild size="3">
      <section aria-labelledby={`${id}-title`} className="phase-card">
        <Text as="p" size="2" color="gray" mb="1">
          {part}
        </Text>
        <Flex align="center" gap="3" wrap="wrap" mb="2">
          <Heading as="h2" id={`${id}-title`} size="5">
            {title}
          </Heading>
          <PhaseStatusBadge status={state.status} />
        </Flex>
        <Text as="p" mb="2">
          {description}
        </Text>
        <Text as="p" weight="medium">
          {phaseStamp(state, (iso) => formatDateTime(iso, timeZone))}
        </Text>
        {children ? (
          <Flex className="button-row" gap="2" wrap="wrap">
            {children}
          </Flex>
        ) : null}
      </section>
    </Card>
  );
}

/** The way into a part's form: Start while pending, Continue while in progress, View once completed (or for a role that only reads). */
function PhaseLink({ projectId, phase, state, canFill }: { projectId: number; phase: FormPhase; state: Stamp; canFill: boolean }) {
  const text = PHASE_TEXT[phase];
  const to = phaseFormUrl(projectId, phase);
  if (canFill && state.status === "pending") {
    return (
      <Button asChild>
        <Link to={to}>{text.startLabel}</Link>
      </Button>
    );
  }
  const label = canFill && state.status === "in-progress" ? "Continue" : "View";
  return (
    <Button asChild variant={label === "Continue" ? "solid" : "outline"}>
      <Link to={to}>
        {label}
        <span className="visually-hidden"> {text.name}</span>
      </Link>
    </Button>
  );
}

/** The three parts of the form (docs/lifecycle.md#phases): Part 1 Start-Up, always completed, then Planning and Closure. */
export function PhaseCards({ data }: { data: PhasesOverviewData }) {
  const { project, timeZone, canFill } = data;
  return (
    <Grid className="grid--2" gap="4">
      <PhaseCard id="phase-startup" part="Part 1" title="Start-Up" description="Project details, team and terms, recorded when the project was created." state={data.startup} timeZone={timeZone} />
      {(["planning", "closure"] as const).map((phase) => (
        <PhaseCard
          key={phase}
          id={`phase-${phase}`}
          part={PHASE_TEXT[phase].part}
          title={PHASE_TEXT[phase].title}
          description={`${PHASE_QUESTIONS[phase].length} yes/no checks with details, and comments.`}
          state={data[phase]}
          timeZone={timeZone}
        >
          <PhaseLink projectId={project.id} phase={phase} state={data[phase]} canFill={canFill} />
        </PhaseCard>
      ))}
    </Grid>
  );
}

/** How the three parts follow one another. */
export function ProcessFlow() {
  return (
    <Card asChild size="3">
      <section aria-labelledby="process-flow-title">
        <Heading as="h2" id="process-flow-title" size="4" mb="2">
          Process flow
        </Heading>
        <ol className="process-flow">
          {PROCESS_FLOW.map((step) => (
            <li key={step.part}>
              <Text weight="bold">
                {step.part}: {step.title}.
              </Text>{" "}
              {step.description}
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
