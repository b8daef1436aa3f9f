/**
 * The grievance owner's mail (docs/records.md#grievance-reminders): the assignment mail, queued inside
 * the save that sets the owner, and the due-date reminders, sent by an hourly pg-boss job that sweeps
 * every project. The sweep claims each reminder by writing the due date it is for onto the grievance in
 * the same transaction that queues the message, so two runs at once (two instances, a retried job)
 * send it once: the second waits on the row lock and then finds it claimed.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { sqlOne, withPgClient, withPgTransaction } from "~db/sql.server";
import type { ProjectAccess } from "~/modules/access/project-access.server";
import { projectClockSettings } from "~/modules/calendar/business-days";
import { addDays, projectToday, type CalendarDate } from "~/modules/calendar/today";
import { queueMail } from "~/modules/mail/queue-mail.server";
import { configuredBaseUrl } from "~/modules/users/base-url.server";
import { log } from "~/utils/log.server";
import { assignmentMessage, reminderMessage, type GrievanceMailFacts } from "./grievance-mail";
import { assignmentMailTo, dueReminders, type ReminderKind, type ReminderState } from "./reminders";

export const GRIEVANCE_REMINDER_QUEUE = "grievance-reminders";
/** Hourly (UTC): each project's "today" turns over at its own midnight, and a missed hour is caught up by the next. */
export const GRIEVANCE_REMINDER_CRON = "5 * * * *";

const remindersLog = log.child({ component: "grievance-reminders" });

const FACTS_SQL = `g.id, g.project_id as "projectId", p.name as "projectName", g.reference, g.category, g.severity,
  coalesce(s.name, g.complainant_name) as "complainantName", g.acknowledge_by::text as "acknowledgeBy", g.resolve_by::text as "resolveBy"`;
const FACTS_FROM = `grievance g join project p on p.id = g.project_id left join stakeholder s on s.id = g.stakeholder_id`;

const nameOf = (user: { firstName: string | null; lastName: string | null; email: string }) => [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.email;

/**
 * Mails the grievance's new owner, unless the owner did not change or the user made themselves the
 * owner (they know). Called by the save after its flush, inside its transaction, so the mail exists only
 * if the save commits.
 */
export async function queueAssignmentMail(em: EntityManager, access: ProjectAccess, grievanceId: number, previousOwnerId: string | null, newOwnerId: string | null): Promise<void> {
  const to = assignmentMailTo(previousOwnerId, newOwnerId, access.user.id);
  if (!to) return;
  const row = await sqlOne<GrievanceMailFacts & { ownerEmail: string }>(
    `select ${FACTS_SQL}, u.email as "ownerEmail" from ${FACTS_FROM} join "user" u on u.id = g.owner_id where g.id = ? and g.project_id = ? and u.id = ?`,
    [grievanceId, access.project.id, to],
  );
  if (!row) return;
  await queueMail({ to: row.ownerEmail, ...assignmentMessage(row, configuredBaseUrl(), nameOf(access.user)) }, { em, kind: "grievance-assignment" });
}

interface Candidate extends GrievanceMailFacts, ReminderState {
  settings: unknown;
  ownerEmail: string;
}

// Wide enough for every zone's today and the longest run of holidays before a due date (Easter).
const WINDOW_BEFORE_DAYS = 2;
const WINDOW_AFTER_DAYS = 14;

/** Open grievances with an active owner and a due date near `now` not yet reminded of, across every project. */
async function candidates(now: Date): Promise<Candidate[]> {
  const utcToday = projectToday("UTC", now);
  const from = addDays(utcToday, -WINDOW_BEFORE_DAYS);
  const to = addDays(utcToday, WINDOW_AFTER_DAYS);
  return withPgClient(async (client) => {
    const { rows } = await client.query<Candidate>(
      `select ${FACTS_SQL}, p.settings, g.stage, g.owner_id as "ownerId", u.email as "ownerEmail",
              g.acknowledge_reminded_for::text as "acknowledgeRemindedFor", g.resolve_reminded_for::text as "resolveRemindedFor"
         from ${FACTS_FROM}
         join "user" u on u.id = g.owner_id and u.is_active and u.deleted_at is null
         join project_membership m on m.project_id = g.project_id and m.user_id = g.owner_id and m.is_active
        where g.stage not in ('resolved', 'closed')
          and ((g.stage = 'received' and g.acknowledge_by between $1 and $2 and g.acknowledge_reminded_for is distinct from g.acknowledge_by)
            or (g.resolve_by between $1 and $2 and g.resolve_reminded_for is distinct from g.resolve_by))
        order by g.id`,
      [from, to],
    );
    return rows;
  });
}

// The claim repeats the rule's conditions, so a grievance acknowledged, resolved, reassigned or re-dated
// since it was read is left alone.
const CLAIM_SQL: Record<ReminderKind, string> = {
  acknowledge: `update grievance set acknowledge_reminded_for = acknowledge_by
                 where id = $1 and acknowledge_by = $2::date and owner_id = $3 and stage = 'received'
                   and acknowledge_reminded_for is distinct from acknowledge_by returning id`,
  resolve: `update grievance set resolve_reminded_for = resolve_by
             where id = $1 and resolve_by = $2::date and owner_id = $3 and stage not in ('resolved', 'closed')
               and resolve_reminded_for is distinct from resolve_by returning id`,
};

/** Queues every reminder due at `now` (each project's today and jurisdiction); returns how many were queued. */
export async function sendDueGrievanceReminders(now: Date = new Date()): Promise<number> {
  const baseUrl = configuredBaseUrl();
  let sent = 0;
  for (const grievance of await candidates(now)) {
    const clock = projectClockSettings(grievance.settings);
    const today: CalendarDate = projectToday(clock.timeZone, now);
    for (const { kind, dueBy } of dueReminders(grievance, today, clock.jurisdiction)) {
      const queued = await withPgTransaction(async (client) => {
        const claimed = await client.query(CLAIM_SQL[kind], [grievance.id, dueBy, grievance.ownerId]);
        if (!claimed.rowCount) return false;
        const message = reminderMessage(grievance, kind, baseUrl);
        const result = await queueMail({ to: grievance.ownerEmail, ...message }, { client, kind: "grievance-reminder", dedupeKey: `grievance-reminder:${grievance.id}:${kind}:${dueBy}` });
        return result.queued;
      });
      if (queued) sent += 1;
    }
  }
  if (sent) remindersLog.info({ sent }, "Queued grievance due-date reminders");
  return sent;
}

/** The job's handler: one sweep at the time it runs. */
export async function runGrievanceReminderJob(): Promise<{ sent: number }> {
  return { sent: await sendDueGrievanceReminders(new Date()) };
}
