import { OptimisticLockError } from "@mikro-orm/core";
import type { IGrievance } from "~db/entities/Grievance";
import { db } from "~db/orm";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError, FieldError } from "~/utils/app-error";
import { getGrievance, grievanceSnapshot, recordGrievanceChange, staleAnswer } from "./grievance.server";
import type { GrievanceStage } from "~db/entities/enums";
import { closeRefusal, closingErrors, flagRefusal, moveRefusal, REOPEN_STAGE, reopenRefusal, stageTimestamp, STAGE_LABELS } from "./stages";
import type { GrievanceStageInput } from "./schemas";

/** What a stage action did, for the page's flash message. */
export const STAGE_MESSAGES = {
  move: (g: IGrievance) => `${g.reference} moved to ${STAGE_LABELS[g.stage as GrievanceStage]}.`,
  escalate: (g: IGrievance) => `${g.reference} escalated.`,
  refer: (g: IGrievance) => `${g.reference} referred to ${g.referredTo}.`,
  reopen: (g: IGrievance) => `${g.reference} reopened.`,
  close: (g: IGrievance) => `${g.reference} closed.`,
} as const;

/**
 * A stage action on a grievance (docs/records.md#grievance-stages): move forward, escalate, refer
 * externally, reopen, or close with the outcome. The rules are app/modules/grievances/stages.ts; a
 * refusal is a 422 (closing without the outcome names each missing field) and changes nothing.
 */
export async function changeGrievanceStage(access: ProjectAccess, id: number, input: GrievanceStageInput): Promise<IGrievance> {
  requirePermission(access, "editData");
  try {
    return await db().transactional(async (em) => {
      const grievance = await getGrievance(access, id);
      if (input.version !== null && grievance.version !== input.version) await staleAnswer(access, id);
      const before = grievanceSnapshot(grievance);
      const from = grievance.stage;
      const now = new Date();
      const refuse = (reason: string | null, field = "action") => {
        if (reason) throw new FieldError(422, reason, field);
      };
      if (input.action === "move") {
        const to = input.to!;
        refuse(moveRefusal(from, to), "to");
        grievance.stage = to;
        const stamp = stageTimestamp(to);
        // Skipping forward stamps the stages passed over too (acknowledged when jumping to investigating).
        if (to !== "received" && !grievance.acknowledgedAt) grievance.acknowledgedAt = now;
        if (stamp && !grievance[stamp]) grievance[stamp] = now;
        await em.flush();
        recordGrievanceChange(em, access, grievance, { kind: "stage", fromStage: from, toStage: to, note: input.note ?? null }, { action: "grievance.stage", before });
      } else if (input.action === "escalate") {
        refuse(flagRefusal(from));
        grievance.escalatedAt = now;
        grievance.escalationNote = input.note ?? null;
        await em.flush();
        recordGrievanceChange(em, access, grievance, { kind: "escalated", note: input.note ?? null }, { action: "grievance.escalate", before });
      } else if (input.action === "refer") {
        refuse(flagRefusal(from));
        grievance.referredTo = input.referredTo ?? null;
        grievance.referredAt = input.referredAt as never;
        await em.flush();
        recordGrievanceChange(
          em,
          access,
          grievance,
          { kind: "referred", note: [`Referred to ${input.referredTo} on ${input.referredAt}`, input.note].filter(Boolean).join(". ") },
          { action: "grievance.refer", before },
        );
      } else if (input.action === "reopen") {
        refuse(reopenRefusal(from));
        grievance.stage = REOPEN_STAGE;
        await em.flush();
        recordGrievanceChange(em, access, grievance, { kind: "reopened", fromStage: from, toStage: REOPEN_STAGE, note: input.note ?? null }, { action: "grievance.reopen", before });
      } else if (input.action === "close") {
        refuse(closeRefusal(from));
        const outcome = {
          resolution: input.resolution ?? null,
          actionTaken: input.actionTaken ?? null,
          complainantToldOn: input.complainantToldOn,
          complainantToldHow: input.complainantToldHow ?? null,
          complainantAccepted: input.complainantAccepted,
        };
        const missing = Object.entries(closingErrors(outcome));
        if (missing.length) throw new FieldError(422, missing[0]![1], missing[0]![0]);
        Object.assign(grievance, outcome, { stage: "closed", closedAt: now, resolvedAt: grievance.resolvedAt ?? now, acknowledgedAt: grievance.acknowledgedAt ?? now });
        await em.flush();
        recordGrievanceChange(em, access, grievance, { kind: "stage", fromStage: from, toStage: "closed", note: input.note ?? null }, { action: "grievance.close", before });
      } else {
        throw new AppError(400, "Unknown action");
      }
      return grievance;
    });
  } catch (error) {
    if (error instanceof OptimisticLockError) return staleAnswer(access, id);
    throw error;
  }
}
