/**
 * The public grievance form (docs/records.md#public-grievance-form): a page with no sign-in at an
 * unguessable address, opted into per project. The address's token is the only authority: it names
 * the project, and nothing else about the project is shown beyond its name. No session is read for
 * it or written by it: the confirmation is reached by a redirect carrying a short-lived signed value
 * (public-intake-signing.server.ts), not a flash or the grievance's id.
 */
import { redirect } from "@remix-run/node";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { Grievance, type IGrievance } from "~db/entities/Grievance";
import { GrievanceEvent } from "~db/entities/GrievanceEvent";
import { db } from "~db/orm";
import { poolKnex, sqlOne } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { projectClockSettings } from "~/modules/calendar/grievance-clock-settings";
import { projectTimeZone } from "~/modules/calendar/today";
import { formSummaryMessage, queueMail } from "~/modules/mail/index.server";
import { AppError } from "~/utils/app-error";
import { formatDateTime } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { deriveSecret } from "~/utils/secrets.server";
import { validateForm } from "~/utils/validation.server";
import { dueDatesFor } from "./due-dates";
import { grievanceSnapshot, nextReference } from "./grievance.server";
import {
  PUBLIC_FORM_ID,
  PUBLIC_FORM_LIMIT,
  PUBLIC_LIMITS,
  publicGrievanceFields,
  publicGrievanceValidator,
  tooManySubmissionsMessage,
  whatHappensNext,
  type PublicGrievanceInput,
  type Receipt,
} from "./public-intake";
import { clientAddressKey, isFormTokenShape, publicFormPath, readReceipt, signReceipt } from "./public-intake-signing.server";

export const TOO_MANY_SUBMISSIONS = "TOO_MANY_SUBMISSIONS";
export const RECEIVED_NOTE = "Received through the public grievance form";

interface IntakeProject {
  id: number;
  name: string;
  clientId: number;
  settings: unknown;
}

/** One answer for an unknown token, a form turned off, and a project or client no longer active. */
const notFound = () => new AppError(404, "The page you are looking for does not exist or has been moved.");

/** The project whose form this token opens, or the 404 (before any body is read). */
export async function findIntakeProject(token: string | undefined): Promise<IntakeProject> {
  if (!isFormTokenShape(token)) throw notFound();
  const project = await sqlOne<IntakeProject>(
    `select p.id, p.name, p.client_id as "clientId", p.settings
       from project p join client c on c.id = p.client_id
      where p.is_active and c.is_active and p.settings->>'grievanceFormToken' = ?`,
    [token],
  );
  if (!project) throw notFound();
  return project;
}

const receiptSecret = () => deriveSecret(getEnv(), "grievance-receipt");

/** GET: the form, or (with a valid `?receipt=`) the confirmation. Only the project's name is shown. */
export async function loadPublicIntakePage(request: Request, token: string | undefined) {
  const project = await findIntakeProject(token);
  const receipt = readReceipt(new URL(request.url).searchParams.get("receipt"), token!, receiptSecret());
  const clock = projectClockSettings(project.settings);
  return {
    projectName: project.name,
    formAction: publicFormPath(token!),
    limits: PUBLIC_LIMITS,
    clock: { acknowledgeDays: clock.acknowledgeDays, resolveDays: clock.resolveDays },
    confirmation: receipt ? { reference: receipt.reference, nextSteps: whatHappensNext(receipt), mailed: receipt.mailed } : null,
  };
}

export type PublicIntakePageData = Awaited<ReturnType<typeof loadPublicIntakePage>>;

function limiter() {
  return new RateLimiterPostgres({
    storeClient: poolKnex(),
    storeType: "knex",
    // The sign-in throttle's counters table (rate-limiter-flexible's layout), under a prefix of our own.
    tableName: "sign_in_throttle",
    tableCreated: true,
    keyPrefix: "grievance-form",
    points: PUBLIC_FORM_LIMIT.maxSubmissions,
    duration: PUBLIC_FORM_LIMIT.windowSeconds,
    clearExpiredByTimeout: false,
  });
}

/**
 * Runs `submit` if this address has not used up its submissions for the hour; otherwise 429 with
 * Retry-After. Counted atomically before the work; a refused or failed submission is given back.
 */
async function withSubmissionLimit<T>(clientAddress: string | null | undefined, submit: () => Promise<T>): Promise<T> {
  const counter = limiter();
  const key = clientAddressKey(clientAddress);
  const counted = await counter.penalty(key);
  if (counted.consumedPoints > PUBLIC_FORM_LIMIT.maxSubmissions) {
    await counter.reward(key);
    const wait = counted.msBeforeNext;
    throw new AppError(429, tooManySubmissionsMessage(wait), TOO_MANY_SUBMISSIONS, { "Retry-After": String(Math.max(1, Math.ceil(wait / 1000))) });
  }
  try {
    return await submit();
  } catch (error) {
    await counter.reward(key).catch(() => undefined);
    throw error;
  }
}

function receiptMail(project: IntakeProject, grievance: IGrievance, receipt: Pick<Receipt, "acknowledgeBy" | "resolveBy">) {
  // What the person wrote is left out on purpose: the address is not verified, and the form must not
  // become a way to send anyone a message of one's choosing.
  return formSummaryMessage(
    `Your grievance ${grievance.reference} has been received`,
    [
      ["Reference", grievance.reference],
      ["Project", project.name],
      ["Received", formatDateTime(grievance.receivedAt, projectTimeZone(project.settings))],
    ],
    { intro: `Thank you for telling us about this. Please quote the reference ${grievance.reference} if you contact us about it.\n\n${whatHappensNext(receipt).join("\n")}` },
  );
}

/**
 * Creates the grievance as the form's submission (received now, channel public form, no owner, no
 * creator: the timeline and audit say it came through the form) with its due dates from the project's
 * clock, and queues the receipt mail in the same transaction when an e-mail address was given.
 */
export async function createPublicGrievance(project: IntakeProject, input: PublicGrievanceInput): Promise<Receipt> {
  return db().transactional(async (em) => {
    const receivedAt = new Date();
    const reference = await nextReference(project.id);
    const due = dueDatesFor(receivedAt, project.settings);
    const grievance = em.create(Grievance, {
      ...publicGrievanceFields(input),
      ...due,
      receivedAt,
      project: project.id,
      reference,
      stage: "received",
      stakeholder: null,
      property: null,
      owner: null,
      createdBy: null,
    } as never) as IGrievance;
    await em.flush();
    em.create(GrievanceEvent, { grievance, by: null, kind: "created", fromStage: null, toStage: "received", note: RECEIVED_NOTE } as never);
    recordAudit({
      userId: null,
      action: "grievance.create",
      entityType: "Grievance",
      entityId: grievance.id,
      clientId: project.clientId,
      projectId: project.id,
      before: null,
      after: grievanceSnapshot(grievance),
    });
    if (input.email) await queueMail({ to: input.email, ...receiptMail(project, grievance, due) }, { em, kind: "grievance-receipt" });
    return { reference, acknowledgeBy: due.acknowledgeBy, resolveBy: due.resolveBy, mailed: Boolean(input.email) };
  });
}

/**
 * What a honeypot submission is shown: the confirmation a real one would get now (the next reference
 * and today's dates), so a robot cannot tell it was refused. Nothing is written, and no mail sent.
 */
async function lookalikeReceipt(project: IntakeProject, input: PublicGrievanceInput): Promise<Receipt> {
  const due = dueDatesFor(new Date(), project.settings);
  return { reference: await nextReference(project.id, { lock: false }), acknowledgeBy: due.acknowledgeBy, resolveBy: due.resolveBy, mailed: Boolean(input.email) };
}

/**
 * POST: the token first (404 before the body is read), then the schema (422 with the form's errors),
 * then the per-address limit (429), then the grievance; answers a redirect to the confirmation.
 */
export async function publicIntakeAction(request: Request, token: string | undefined, clientAddress: string | null | undefined): Promise<Response> {
  const project = await findIntakeProject(token);
  const formData = await request.formData();
  const { data, response } = await validateForm(formData, publicGrievanceValidator, PUBLIC_FORM_ID);
  if (response) return response;
  const receipt = await withSubmissionLimit(clientAddress, () => (data.honeypotFilled ? lookalikeReceipt(project, data) : createPublicGrievance(project, data)));
  return redirect(`${publicFormPath(token!)}?receipt=${encodeURIComponent(signReceipt(receipt, token!, receiptSecret()))}`);
}
