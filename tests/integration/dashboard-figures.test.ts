import { sqlExecute } from "../../db/sql.server";
import { addDays, todayForProject } from "../../app/modules/calendar/today";
import { getDashboard } from "../../app/modules/project/dashboard.server";
import { loader as dashboardLoader } from "../../app/routes/_index";
import { useTestDatabase } from "../setup/test-database";
import { accessFor, callRoute, inContext, projectId, signedInRequest, userFor } from "./stakeholder-helpers";

/**
 * The dashboard's quick figures for the register (docs/records.md#grievance-list, docs/records.md#commitments):
 * open and overdue grievances and commitments of the selected project only, counted on its today with
 * the lists' own conditions, in the one counts query.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
});

afterAll(async () => {
  await database?.drop();
});

async function grievance(project: number, reference: string, stage: string, acknowledgeBy: string, resolveBy: string) {
  const closed = stage === "closed";
  await sqlExecute(
    `insert into grievance (project_id, reference, received_at, channel, complainant_kind, category, severity, description, stage, acknowledge_by, resolve_by,
                            resolution, action_taken, complainant_told_on, complainant_told_how, complainant_accepted, closed_at)
     values (?, ?, now(), 'phone', 'anonymous', 'other', 'low', 'Counted', ?, ?::date, ?::date, ${closed ? "'upheld', 'Done', current_date, 'Phone', true, now()" : "null, null, null, null, null, null"})`,
    [project, reference, stage, acknowledgeBy, resolveBy],
  );
}

it("counts open and overdue grievances of the selected project beside its commitments, and links to the filtered lists", async () => {
  const user = await userFor("seed-client-owner");
  const access = await inContext(() => accessFor(user, western));
  const today = todayForProject(access.project);
  const before = (await inContext(() => getDashboard(user, access))).counts!;
  await inContext(async () => {
    const yesterday = addDays(today, -1);
    const later = addDays(today, 10);
    await grievance(western, "G-9001", "received", yesterday, later); // open, overdue to acknowledge
    await grievance(western, "G-9002", "investigating", yesterday, addDays(today, -2)); // open, overdue to resolve
    await grievance(western, "G-9003", "acknowledged", yesterday, later); // open, not overdue (acknowledged)
    await grievance(western, "G-9004", "resolved", yesterday, addDays(today, -2)); // open (not closed), not overdue (resolved)
    await grievance(western, "G-9005", "closed", yesterday, addDays(today, -2)); // closed: neither
    await grievance(coastal, "G-9006", "received", yesterday, later); // another client's project
    await sqlExecute(`insert into commitment (project_id, description, promised_on, due_date, status) values (?, 'Counted promise', ?::date, ?::date, 'open')`, [western, today, yesterday]);
    // Due soon: within the next 14 days, today included; one due on the 15th day is not yet.
    await sqlExecute(`insert into commitment (project_id, description, promised_on, due_date, status) values (?, 'Soon promise', ?::date, ?::date, 'in_progress')`, [
      western,
      today,
      addDays(today, 13),
    ]);
    await sqlExecute(`insert into commitment (project_id, description, promised_on, due_date, status) values (?, 'Later promise', ?::date, ?::date, 'open')`, [western, today, addDays(today, 14)]);
  });
  const after = (await inContext(() => getDashboard(user, access))).counts!;
  expect(after.grievancesOpen - before.grievancesOpen).toBe(4);
  expect(after.grievancesOverdue - before.grievancesOverdue).toBe(2);
  expect(after.commitmentsOpen - before.commitmentsOpen).toBe(3);
  expect(after.commitmentsOverdue - before.commitmentsOverdue).toBe(1);
  expect(after.commitmentsDueSoon - before.commitmentsDueSoon).toBe(1);
  expect(after.stakeholders).toBe(before.stakeholders);

  // The page's loader sends them with the project selected.
  const response = await callRoute(async () => dashboardLoader({ request: await signedInRequest("seed-client-owner", `/?projectId=${western}`), params: {}, context: {} }));
  const data = (await response.json()) as { dashboard: { counts: typeof after | null } };
  expect(data.dashboard.counts).toMatchObject({ grievancesOpen: after.grievancesOpen, grievancesOverdue: after.grievancesOverdue });
});
