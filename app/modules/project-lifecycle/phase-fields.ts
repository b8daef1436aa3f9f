/**
 * Parts 2 and 3 of the Project Start Up, Planning and Closure Form (docs/lifecycle.md#planning-and-closure-forms, #phases): the
 * questions in the spec's order, each answered Yes or No (default No) with a details box, plus
 * additional comments; the phase status badges; the form's version label. Pure and client-safe: the
 * screens, the schemas, the notification mail and the closure PDF all read these lists.
 */

export const FORM_PHASES = ["planning", "closure"] as const;
export type FormPhase = (typeof FORM_PHASES)[number];

export function isFormPhase(value: unknown): value is FormPhase {
  return typeof value === "string" && (FORM_PHASES as readonly string[]).includes(value);
}

export const ANSWERS = ["yes", "no"] as const;
export type Answer = (typeof ANSWERS)[number];
export const DEFAULT_ANSWER: Answer = "no";
export const ANSWER_LABELS: Record<Answer, string> = { yes: "Yes", no: "No" };

export interface PhaseQuestion {
  /** The spec's field name: the answer's form field; its details box is `${key}Details`. */
  key: string;
  /** The question as the form asks it. */
  question: string;
  /** What the question is about, for error messages ("Select yes or no for …"). */
  topic: string;
}

export const PLANNING_QUESTIONS: readonly PhaseQuestion[] = [
  { key: "clientKickoffMeeting", question: "Has a kick-off meeting been held with the client?", topic: "the client kick-off meeting" },
  { key: "deliverablesConfirmed", question: "Have the project deliverables been confirmed with the client?", topic: "the confirmed deliverables" },
  { key: "clientContactsConfirmed", question: "Have the client's contacts for the project been confirmed?", topic: "the client's contacts" },
  { key: "progressTrackingConfirmed", question: "Has the way progress is tracked and reported been agreed with the client?", topic: "progress tracking" },
  { key: "documentMatrixConsidered", question: "Has a document matrix been considered for the project?", topic: "the document matrix" },
  { key: "safetyTrainingDiscussion", question: "Have safety and training requirements been discussed with the team?", topic: "the safety and training discussion" },
  { key: "internalKickoffMeeting", question: "Has an internal kick-off meeting been held with the project team?", topic: "the internal kick-off meeting" },
  { key: "projectExecutionPlan", question: "Has a project execution plan been prepared?", topic: "the project execution plan" },
  { key: "hseExecutionPlan", question: "Has a health, safety and environment (HSE) execution plan been prepared?", topic: "the HSE execution plan" },
];

export const CLOSURE_QUESTIONS: readonly PhaseQuestion[] = [
  { key: "deliverablesCompleted", question: "Have all project deliverables been completed?", topic: "the completed deliverables" },
  { key: "clientHandover", question: "Has the project been handed over to the client?", topic: "the client handover" },
  { key: "projectContentUploaded", question: "Has all project content been uploaded to the project folder?", topic: "the uploaded project content" },
  { key: "timeExpensesEntered", question: "Have all time and expenses been entered?", topic: "time and expenses" },
  { key: "finalInvoiceSent", question: "Has the final invoice been sent to the client?", topic: "the final invoice" },
  { key: "equipmentReturned", question: "Has all project equipment been returned?", topic: "the returned equipment" },
  { key: "lessonsLearntMeeting", question: "Has a lessons learnt meeting been held?", topic: "the lessons learnt meeting" },
  { key: "projectHighlights", question: "Have the project highlights been recorded?", topic: "the project highlights" },
  { key: "subcontractorReport", question: "Has a subcontractor performance report been completed?", topic: "the subcontractor report" },
  { key: "clientReviewSurvey", question: "Has the client been sent a review survey?", topic: "the client review survey" },
];

export const PHASE_QUESTIONS: Record<FormPhase, readonly PhaseQuestion[]> = { planning: PLANNING_QUESTIONS, closure: CLOSURE_QUESTIONS };

export const detailsKey = (key: string) => `${key}Details`;
export const ADDITIONAL_COMMENTS = "additionalComments";

/** Longest details text per question and longest additional comments, in characters. */
export const DETAILS_MAX = 2000;
export const COMMENTS_MAX = 5000;

/** A phase form's values as stored and shown: answers, details (null when blank) and comments. */
export type PhaseValues = Record<string, Answer | string | null>;

/** Every question answered No with no details: what a form starts from. */
export function defaultPhaseValues(phase: FormPhase): PhaseValues {
  const values: PhaseValues = {};
  for (const { key } of PHASE_QUESTIONS[phase]) {
    values[key] = DEFAULT_ANSWER;
    values[detailsKey(key)] = null;
  }
  values[ADDITIONAL_COMMENTS] = null;
  return values;
}

/** What the screens and messages call each part of the form (`title` on its card, `name` in sentences). */
export const PHASE_TEXT = {
  planning: {
    part: "Part 2",
    title: "Project Planning",
    name: "Project Planning",
    startLabel: "Start Planning Phase",
    submitLabel: "Submit Planning Form",
    completedMessage: "Planning Phase Completed",
    failedMessage: "Failed to submit planning form. Please try again.",
    saveFailedMessage: "Failed to save the planning form. Please try again.",
    intro: "Confirm the planning checks before work starts. Save progress at any time; submit when every check is answered.",
  },
  closure: {
    part: "Part 3",
    title: "Closure",
    name: "Project Closure",
    startLabel: "Complete Project Closure",
    submitLabel: "Submit Closure Form",
    completedMessage: "Project Closure Completed (emailed to relevant departments and saved to the project folder)",
    failedMessage: "Failed to submit closure form. Please try again.",
    saveFailedMessage: "Failed to save the closure form. Please try again.",
    intro: "Confirm the close-out checks. On submission a summary is emailed to the relevant departments and saved to the project's documents.",
  },
} as const satisfies Record<FormPhase, Record<string, string>>;

export const FORM_TITLE = "Project Start Up, Planning and Closure Form";
/** The form's version label (docs/lifecycle.md#phases). */
export const FORM_VERSION = "7.4";

/** The order the parts are completed in, as the overview describes it. */
export const PROCESS_FLOW: readonly { part: string; title: string; description: string }[] = [
  { part: "Part 1", title: "Start-Up", description: "Completed when the project is created from the start-up form; the relevant departments are notified." },
  { part: "Part 2", title: "Project Planning", description: "Nine planning checks answered before work starts. Save progress at any time; submitting completes the phase." },
  {
    part: "Part 3",
    title: "Closure",
    description: "Ten close-out checks at the end of the project. Submitting completes the project, emails a summary to the relevant departments and saves it to the project's documents.",
  },
];

// ---------------------------------------------------------------------------------------------------
// Phase status badges (docs/lifecycle.md#phases)
// ---------------------------------------------------------------------------------------------------

export type BadgeColor = "gray" | "amber" | "green" | "red";

export interface StatusBadge {
  label: string;
  color: BadgeColor;
}

const STATUS_BADGES: Record<string, StatusBadge> = {
  pending: { label: "Pending", color: "gray" },
  "in-progress": { label: "In Progress", color: "amber" },
  completed: { label: "Completed", color: "green" },
};

/** pending → Pending, in-progress → In Progress, completed → Completed; any other value → Unknown. */
export function phaseStatusBadge(status: unknown): StatusBadge {
  return (typeof status === "string" && Object.hasOwn(STATUS_BADGES, status) ? STATUS_BADGES[status] : undefined) ?? { label: "Unknown", color: "red" };
}

// ---------------------------------------------------------------------------------------------------
// Summaries (the notification mail and the closure PDF)
// ---------------------------------------------------------------------------------------------------

export interface AnsweredQuestion {
  number: number;
  question: string;
  answer: string;
  details: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** Each question with its answer (Yes or No) and details, in order. */
export function answeredQuestions(phase: FormPhase, values: PhaseValues): AnsweredQuestion[] {
  return PHASE_QUESTIONS[phase].map(({ key, question }, index) => ({
    number: index + 1,
    question,
    answer: ANSWER_LABELS[values[key] === "yes" ? "yes" : "no"],
    details: text(values[detailsKey(key)]),
  }));
}

export const additionalComments = (values: PhaseValues) => text(values[ADDITIONAL_COMMENTS]);

/** [label, value] pairs for formSummaryMessage: each answer with its details under it, then the comments. */
export function phaseSummaryFields(phase: FormPhase, values: PhaseValues): [string, string | null][] {
  return [
    ...answeredQuestions(phase, values).map(({ number, question, answer, details }): [string, string] => [`${number}. ${question}`, details ? `${answer}\n${details}` : answer]),
    ["Additional comments", additionalComments(values)],
  ];
}

// ---------------------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------------------

export const phasesUrl = (projectId: number) => `/projects/${projectId}/phases`;
export const phaseFormUrl = (projectId: number, phase: FormPhase) => `${phasesUrl(projectId)}/${phase}`;
