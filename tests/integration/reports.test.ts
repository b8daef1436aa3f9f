import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Project } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { sqlExecute, sqlOne, sqlRows } from "../../db/sql.server";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { grievanceDueDates, projectClockSettings } from "../../app/modules/calendar/business-days";
import { zonedLocalToInstant } from "../../app/modules/engagement/zoned-time";
import { ReportBody } from "../../app/components/reports/ReportsPage";
import type { ChartModel } from "../../app/modules/reports/chart-model";
import * as apiRoute from "../../app/routes/api.reports.summary";
import * as grievanceFiguresRoute from "../../app/routes/api.grievances.figures";
import * as pageRoute from "../../app/routes/reports";
import * as dashboardRoute from "../../app/routes/_index";
import { PDFParse } from "pdf-parse";
import ExcelJS from "exceljs";
import { reportPackPdf, reportPackWorkbook } from "../../app/modules/reports/pack.server";
import type { ReportFigures } from "../../app/modules/reports/figures";
import { useTestDatabase } from "../setup/test-database";

/**
 * Reports (docs/records.md#reports) on seeded records with hand-chosen times around midnight in
 * Sydney: the /api JSON, the page and the dashboard's small charts against a hand count and against
 * direct SQL counts. The clock is held at Wednesday 2026-05-20 12:00 in Sydney (UTC+10); the default
 * range is May 2026, whose weeks start on Mondays 27 Apr (cut to 1–3 May), 4, 11, 18 and 25 May.
 *
 *  engagement  local time (Sydney)        UTC                  counted in
 *  E1 meeting  Thu 30 Apr 23:30           30 Apr 13:30         before the range (April)
 *  E2 meeting  Fri  1 May 00:30           30 Apr 14:30         week of 27 Apr (UTC would say April)
 *  E3 call     Sun 10 May 23:30           10 May 13:30         week of 4 May
 *  E4 meeting  Mon 11 May 00:15           10 May 14:15         week of 11 May (UTC would say week of 4 May)
 *  E5 call     Mon 11 May 10:00           11 May 00:00         week of 11 May
 *  E6 visit    Sun 31 May 23:59 scheduled 31 May 13:59         week of 25 May
 *  E7 meeting  Mon  1 Jun 00:00           31 May 14:00         after the range
 */
const URL_BASE = "http://localhost:3000";
const VIEWER = "seed-viewer";
const OWNER = "seed-client-owner";
const ZONE = "Australia/Sydney";
const TODAY_NOON = new Date("2026-05-20T02:00:00Z");
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let northern: number;
let empty: number;
let otherClient: number;
const cookies = new Map<string, string>();
const at = (local: string) => zonedLocalToInstant(local, ZONE)!;

const ENGAGEMENTS = [
  { ref: "E1", type: "meeting", completed: "2026-04-30T23:30", who: 2 },
  { ref: "E2", type: "meeting", completed: "2026-05-01T00:30", who: 0 },
  { ref: "E3", type: "call", completed: "2026-05-10T23:30", who: 0 },
  { ref: "E4", type: "meeting", completed: "2026-05-11T00:15", who: 1 },
  { ref: "E5", type: "call", completed: "2026-05-11T10:00", who: 1 },
  { ref: "E6", type: "site_visit", scheduled: "2026-05-31T23:59", who: 0 },
  { ref: "E7", type: "meeting", completed: "2026-06-01T00:00", who: 3 },
];

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  await withRequestContext(async () => {
    const projects = await db().find(Project, {}, { populate: ["client"] });
    const project = projects.find((p) => p.name === "Western Pipeline Stage 2")!;
    western = project.id;
    northern = projects.find((p) => p.name === "Northern Transmission Line")!.id;
    otherClient = projects.find((p) => (p.client as { name: string }).name === "Second Client Pty Ltd")!.id;
    const clock = { grievanceJurisdiction: "NSW", grievanceAcknowledgeDays: 2, grievanceResolveDays: 10, defaultTimezone: ZONE };
    project.settings = { ...(project.settings as object), ...clock };
    await db().flush();
    const client = (project.client as { id: number }).id;
    empty = (await sqlOne<{ id: number }>(`insert into project (name, client_id, owner_id, settings) values ('Empty Reports Project', ?, ?, ?) returning id`, [client, OWNER, JSON.stringify(clock)]))!
      .id;

    for (const table of ["engagement", "grievance", "commitment", "audit_log"]) await sqlExecute(`delete from ${table} where project_id = ?`, [western]);
    await sqlExecute(`update stakeholder set last_contact = null where project_id = ?`, [western]);
    await sqlExecute(`update property set has_laa = false, laa_expiry_date = null where project_id = ?`, [western]);
    const people = (await sqlRows<{ id: number }>(`select id from stakeholder where project_id = ? order by id`, [western])).map((r) => r.id);
    expect(people.length).toBeGreaterThanOrEqual(6);
    for (const e of ENGAGEMENTS) {
      await sqlExecute(
        `insert into engagement (project_id, stakeholder_id, user_id, type, subject, completed_at, scheduled_at, created_at) values (?, ?, 'seed-officer', ?, ?, ?, ?, '2026-01-01T00:00Z')`,
        [western, people[e.who], e.type, e.ref, e.completed ? at(e.completed) : null, e.scheduled ? at(e.scheduled) : null],
      );
    }
    // Contacted in the range by the last-contact date alone; and one last contacted in January.
    await sqlExecute(`update stakeholder set last_contact = ? where id = ?`, [at("2026-05-15T10:00"), people[4]]);
    await sqlExecute(`update stakeholder set last_contact = ? where id = ?`, [at("2026-01-01T10:00"), people[5]]);

    // Agreements, judged on 20 May: P1 no expiry (signed), P2 10 Jun (21 days, expiring), P3 19 May (expired),
    // P4 19 Jun (30 days, expiring), P5 20 Jun (31 days, signed). Recorded: P1 created 1 Mar, P5 created
    // 30 Apr 23:59 (both before the range), P3 created Sun 3 May 23:50 (week of 27 Apr), P2 created in
    // January without one and ticked Mon 4 May 00:10 (audit; week of 4 May), P4 created 2 Jun (after).
    const property = async (name: string, expiry: string | null, created: string) =>
      (await sqlOne<{ id: number }>(`insert into property (project_id, address, has_laa, laa_expiry_date, created_at) values (?, ?, true, ?, ?) returning id`, [western, name, expiry, at(created)]))!
        .id;
    await property("P1", null, "2026-03-01T09:00");
    const p2 = await property("P2", "2026-06-10", "2026-01-10T09:00");
    await property("P3", "2026-05-19", "2026-05-03T23:50");
    await property("P4", "2026-06-19", "2026-06-02T09:00");
    await property("P5", "2026-06-20", "2026-04-30T23:59");
    await sqlExecute(
      `insert into audit_log (user_id, project_id, action, entity_type, entity_id, before, after, created_at) values ('seed-officer', ?, 'property.update', 'Property', ?, '{"hasLAA": false}', '{"hasLAA": true}', ?)`,
      [western, String(p2), at("2026-05-04T00:10")],
    );

    // Grievances: G1 received Sun 3 May 23:30 (week of 27 Apr); G2 received Mon 4 May 00:30 (week of
    // 4 May), closed Tue 12 May; G3 received 30 Apr (before), closed Fri 1 May 09:00 (week of 27 Apr).
    const grievance = async (ref: string, received: string, closed: string | null) => {
      const due = grievanceDueDates(at(received), projectClockSettings(project.settings));
      await sqlExecute(
        `insert into grievance (project_id, reference, received_at, channel, complainant_kind, category, severity, description, stage,
           counted_received_on, acknowledge_by, resolve_by, acknowledged_at, resolved_at, closed_at,
           resolution, action_taken, complainant_told_on, complainant_told_how, complainant_accepted)
         values (?, ?, ?, 'phone', 'anonymous', 'access', 'medium', 'Seeded for the reports', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          western,
          ref,
          at(received),
          closed ? "closed" : "received",
          due.countedReceivedOn,
          due.acknowledgeBy,
          due.resolveBy,
          closed ? at(received) : null,
          closed ? at(closed) : null,
          closed ? at(closed) : null,
          closed ? "upheld" : null,
          closed ? "Fixed" : null,
          closed ? closed.slice(0, 10) : null,
          closed ? "Phone call" : null,
          closed ? true : null,
        ],
      );
    };
    await grievance("G-0001", "2026-05-03T23:30", null);
    await grievance("G-0002", "2026-05-04T00:30", "2026-05-12T10:00");
    await grievance("G-0003", "2026-04-30T23:00", "2026-05-01T09:00");

    // Commitments: C1 due 10 May open (due, overdue); C2 due 25 May fulfilled 15 May; C3 due 5 May cancelled;
    // C4 due 1 Apr in progress (overdue, not due in May); C5 due 5 Jun open.
    const commitment = (status: string, due: string, fulfilled: string | null = null) =>
      sqlExecute(
        `insert into commitment (project_id, description, promised_on, due_date, status, fulfilled_on, evidence_note, cancellation_reason) values (?, 'Seeded', '2026-03-01', ?, ?, ?, ?, ?)`,
        [western, due, status, fulfilled, status === "fulfilled" ? "Done" : null, status === "cancelled" ? "No longer needed" : null],
      );
    await commitment("open", "2026-05-10");
    await commitment("fulfilled", "2026-05-25", "2026-05-15");
    await commitment("cancelled", "2026-05-05");
    await commitment("in_progress", "2026-04-01");
    await commitment("open", "2026-06-05");
  });
  for (const user of [VIEWER, OWNER]) {
    const setCookie = await withRequestContext(() => createSignedInSession(new Request(`${URL_BASE}/`), user));
    cookies.set(user, setCookie.split(";")[0]!);
  }
  vi.useFakeTimers({ toFake: ["Date"], now: TODAY_NOON });
});

afterAll(async () => {
  vi.useRealTimers();
  await database?.drop();
});

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response | unknown> | Response | unknown;

async function get(handler: Handler, pathname: string, userId = VIEWER): Promise<Response> {
  const request = new Request(`${URL_BASE}${pathname}`, { headers: { Cookie: cookies.get(userId)! } });
  return withRequestContext(async () => {
    try {
      return (await handler({ request, params: {}, context: {} })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
}

const summary = async (query: string, userId = VIEWER) => {
  const response = await get(apiRoute.loader as Handler, `/api/reports/summary?${query}`, userId);
  expect(response.status).toBe(200);
  return response.json();
};

/** Direct counts on the same rows, written independently of the module. */
const direct = (sql: string, params: unknown[]) => withRequestContext(async () => (await sqlOne<{ n: number }>(sql, params as never))!.n);
const LOCAL_DAY = (column: string) => `(${column} at time zone 'Australia/Sydney')::date`;

describe("reports figures", () => {
  it("/api: the default range is the project's month, and the engagements fall in the weeks of Sydney's days", async () => {
    const body = await summary(`projectId=${western}`);
    expect(body).toMatchObject({ projectId: western, range: { from: "2026-05-01", to: "2026-05-31" }, today: "2026-05-20", asOf: "2026-05-20", timeZone: ZONE });
    expect(body.weeks.map((w: { start: string }) => w.start)).toEqual(["2026-04-27", "2026-05-04", "2026-05-11", "2026-05-18", "2026-05-25"]);
    expect(body.engagements.weekly).toEqual([
      { week: "2026-04-27", total: 1, byType: { meeting: 1 } },
      { week: "2026-05-04", total: 1, byType: { call: 1 } },
      { week: "2026-05-11", total: 2, byType: { meeting: 1, call: 1 } },
      { week: "2026-05-18", total: 0, byType: {} },
      { week: "2026-05-25", total: 1, byType: { site_visit: 1 } },
    ]);
    expect(body.engagements.total).toBe(
      await direct(`select count(*)::int as n from engagement where project_id = ? and ${LOCAL_DAY("coalesce(completed_at, scheduled_at, created_at)")} between '2026-05-01' and '2026-05-31'`, [
        western,
      ]),
    );
    expect(body.definitions.engagements).toContain("Monday to Sunday");
  });

  it("agreements: the status today as the property list judges it, and the running total by the week each was recorded", async () => {
    const body = await summary(`projectId=${western}`);
    const properties = await direct(`select count(*)::int as n from property where project_id = ?`, [western]);
    expect(body.agreements.properties).toBe(properties);
    expect(body.agreements.status).toEqual({ signed: 2, expiringSoon: 2, expired: 1, none: properties - 5 });
    expect(body.agreements.status.expired).toBe(await direct(`select count(*)::int as n from property where project_id = ? and has_laa and laa_expiry_date < '2026-05-20'`, [western]));
    expect(body.agreements.signedBefore).toBe(2);
    expect(body.agreements.weekly).toEqual([
      { week: "2026-04-27", recorded: 1, cumulative: 3 },
      { week: "2026-05-04", recorded: 1, cumulative: 4 },
      { week: "2026-05-11", recorded: 0, cumulative: 4 },
      { week: "2026-05-18", recorded: 0, cumulative: 4 },
      { week: "2026-05-25", recorded: 0, cumulative: 4 },
    ]);
  });

  it("stakeholders: contacted by an engagement or a last contact in the range; days since counted to today", async () => {
    const body = await summary(`projectId=${western}`);
    const total = await direct(`select count(*)::int as n from stakeholder where project_id = ?`, [western]);
    // people[0] (E2, E3, E6), people[1] (E4, E5), people[4] (last contact 15 May).
    expect(body.stakeholders).toMatchObject({ total, contacted: 3, notContacted: total - 3 });
    const buckets = Object.fromEntries(body.stakeholders.sinceLastContact.map((b: { bucket: string; stakeholders: number }) => [b.bucket, b.stakeholders]));
    // To 20 May: people[0] 10 May (10 days; E6 is later), people[1] 11 May (9), people[2] 30 Apr (20),
    // people[4] 15 May (5), people[5] 1 Jan (139); people[3] only after (E7): never, like the rest.
    expect(buckets).toEqual({ "0-7": 1, "8-30": 3, "31-90": 0, "91-180": 1, "over-180": 0, never: total - 5 });
  });

  it("grievances per week by Sydney's days; on-time shares and ages are the grievance figures'", async () => {
    const body = await summary(`projectId=${western}`);
    expect(body.grievances.weekly).toEqual([
      { week: "2026-04-27", received: 1, closed: 1 },
      { week: "2026-05-04", received: 1, closed: 0 },
      { week: "2026-05-11", received: 0, closed: 1 },
      { week: "2026-05-18", received: 0, closed: 0 },
      { week: "2026-05-25", received: 0, closed: 0 },
    ]);
    expect(body.grievances.received).toBe(
      await direct(`select count(*)::int as n from grievance where project_id = ? and ${LOCAL_DAY("received_at")} between '2026-05-01' and '2026-05-31'`, [western]),
    );
    expect(body.grievances.closed).toBe(await direct(`select count(*)::int as n from grievance where project_id = ? and ${LOCAL_DAY("closed_at")} between '2026-05-01' and '2026-05-31'`, [western]));
    const figures = await (await get(grievanceFiguresRoute.loader as Handler, `/api/grievances/figures?projectId=${western}&from=2026-05-01&to=2026-05-31`)).json();
    expect(body.grievances.acknowledgedOnTime).toEqual(figures.acknowledgedOnTime);
    expect(body.grievances.resolvedOnTime).toEqual(figures.resolvedOnTime);
    expect(body.grievances.openByAge).toEqual(figures.openByAge);
    expect(body.grievances.open).toBe(1);
  });

  it("commitments due, fulfilled and overdue", async () => {
    const body = await summary(`projectId=${western}`);
    expect(body.commitments).toEqual({ due: 2, fulfilled: 1, overdue: 2, open: 3 });
    expect(body.commitments.overdue).toBe(await direct(`select count(*)::int as n from commitment where project_id = ? and status in ('open', 'in_progress') and due_date < '2026-05-20'`, [western]));
  });

  it("a range with no data counts nothing in it (the statuses of today stay)", async () => {
    const body = await summary(`projectId=${western}&from=2025-01-01&to=2025-01-31`);
    expect(body.range).toEqual({ from: "2025-01-01", to: "2025-01-31" });
    expect(body.asOf).toBe("2025-01-31");
    expect(body.engagements.total).toBe(0);
    expect(body.engagements.weekly.every((w: { total: number }) => w.total === 0)).toBe(true);
    expect(body.grievances).toMatchObject({ received: 0, closed: 0, open: 0 });
    expect(body.commitments).toMatchObject({ due: 0, fulfilled: 0 });
    expect(body.stakeholders.contacted).toBe(0);
    expect(body.agreements.weekly.every((w: { recorded: number; cumulative: number }) => w.recorded === 0 && w.cumulative === 0)).toBe(true);
    expect(body.agreements.status.signed).toBe(2);
  });

  it("an empty project is all zeros", async () => {
    const body = await summary(`projectId=${empty}`, OWNER);
    expect(body.engagements.total).toBe(0);
    expect(body.agreements).toMatchObject({ properties: 0, status: { signed: 0, expiringSoon: 0, expired: 0, none: 0 }, signedBefore: 0 });
    expect(body.stakeholders).toMatchObject({ total: 0, contacted: 0, notContacted: 0 });
    expect(body.grievances).toMatchObject({ received: 0, closed: 0, open: 0 });
    expect(body.commitments).toEqual({ due: 0, fulfilled: 0, overdue: 0, open: 0 });
  });

  it("the range is checked by the one schema: 400 with the field's message, on the /api and the page", async () => {
    const api = await get(apiRoute.loader as Handler, `/api/reports/summary?projectId=${western}&from=2026-05-31&to=2026-05-01`);
    expect(api.status).toBe(400);
    expect((await api.json()).errors).toEqual({ to: "The end date must be on or after the start date" });
    const bad = await get(apiRoute.loader as Handler, `/api/reports/summary?projectId=${western}&from=2026-02-30`);
    expect(bad.status).toBe(400);
    const page = await get(pageRoute.loader as Handler, `/reports?projectId=${western}&from=2026-05-31&to=2026-05-01`);
    expect(page.status).toBe(400);
    expect((await page.json()).errors).toEqual({ to: "The end date must be on or after the start date" });
  });

  it("another client's project is 404, a project the user is not a member of 403", async () => {
    expect((await get(apiRoute.loader as Handler, `/api/reports/summary?projectId=${otherClient}`)).status).toBe(404);
    expect((await get(apiRoute.loader as Handler, `/api/reports/summary?projectId=${northern}`)).status).toBe(403);
    expect((await get(pageRoute.loader as Handler, `/reports?projectId=${otherClient}`)).status).toBe(404);
    expect((await get(pageRoute.loader as Handler, `/reports?projectId=${northern}`)).status).toBe(403);
  });
});

describe("the page and the dashboard", () => {
  const tableRows = (html: string, chartId: string) => {
    const start = html.indexOf(`id="${chartId}-heading"`);
    const table = html.slice(html.indexOf("<tbody>", start), html.indexOf("</tbody>", start));
    return [...table.matchAll(/<tr><th scope="row">([^<]*)<\/th>((?:<td>[^<]*<\/td>)*)<\/tr>/g)].map((m) => [m[1], ...[...m[2]!.matchAll(/<td>([^<]*)<\/td>/g)].map((c) => c[1])]);
  };

  it("the page's charts hold the same figures in their tables, with their sentences", async () => {
    const response = await get(pageRoute.loader as Handler, `/reports?projectId=${western}`);
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.values).toEqual({ from: "2026-05-01", to: "2026-05-31" });
    const html = renderToStaticMarkup(createElement(ReportBody, { keyFigures: data.keyFigures, charts: data.charts as ChartModel[] }));
    expect(html).toContain('role="img"');
    expect(tableRows(html, "chart-engagements")).toEqual([
      ["1 May–3 May", "1", "0", "0", "1"],
      ["4 May–10 May", "0", "1", "0", "1"],
      ["11 May–17 May", "1", "1", "0", "2"],
      ["18 May–24 May", "0", "0", "0", "0"],
      ["25 May–31 May", "0", "0", "1", "1"],
    ]);
    expect(html).toContain("Engagements started and ended at 1 a week from 1 May 2026 to 31 May 2026; the most was 2 in the week of 11 May (5 in all).");
    expect(tableRows(html, "chart-agreements").slice(0, 3)).toEqual([
      ["Signed", "2"],
      ["Expiring within 30 days", "2"],
      ["Expired", "1"],
    ]);
    expect(tableRows(html, "chart-commitments")).toEqual([
      ["Due in the range", "2"],
      ["Fulfilled in the range", "1"],
      ["Overdue today", "2"],
    ]);
    expect(tableRows(html, "chart-grievances")[0]).toEqual(["1 May–3 May", "1", "1"]);
    expect(html).toContain("Agreements in place went from 3 to 4 from 1 May 2026 to 31 May 2026.");
  });

  it("the dashboard's small charts: engagements of the last 8 weeks, agreement status and overdue items", async () => {
    const response = await get(dashboardRoute.loader as Handler, `/?projectId=${western}`);
    const data = await response.json();
    const charts = data.dashboard.charts as ChartModel[];
    expect(charts.map((c) => c.id)).toEqual(["dash-engagements", "dash-agreements", "dash-overdue"]);
    // Weeks of 30 Mar to 18 May: E1 and E2 (27 Apr), E3 (4 May), E4 and E5 (11 May); E6 and E7 are later.
    expect(charts[0]!.table.rows.map((r) => r.values[0])).toEqual([0, 0, 0, 0, 2, 1, 2, 0]);
    expect(charts[1]!.table.rows.slice(0, 3).map((r) => r.values[0])).toEqual([2, 2, 1]);
    expect(charts[2]!.table.rows).toEqual([
      { label: "Commitments", values: [2] },
      {
        label: "Grievances",
        values: [
          await direct(
            `select count(*)::int as n from grievance g where project_id = ? and ((g.stage = 'received' and g.acknowledge_by < '2026-05-20') or (g.stage not in ('resolved', 'closed') and g.resolve_by < '2026-05-20'))`,
            [western],
          ),
        ],
      },
    ]);
  });
});

describe("the report pack's files", () => {
  it("the PDF's text can be extracted and holds the figures; the workbook has a sheet per table", async () => {
    const figures = (await summary(`projectId=${western}`)) as ReportFigures;
    const pdf = await reportPackPdf("Western Pipeline Stage 2", figures);
    const text = (await new PDFParse({ data: pdf }).getText()).text.replace(/\s+/g, " ");
    expect(text).toContain("Report pack Western Pipeline Stage 2 1 May 2026 to 31 May 2026");
    expect(text).toContain("Engagements per week by type");
    expect(text).toContain("Commitments overdue: 2");
    expect(text).toContain("11 May–17 May | 1 | 1 | 0 | 2");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await reportPackWorkbook("Western Pipeline Stage 2", figures)) as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      "Key figures",
      "Engagements per week by type",
      "Land access agreements by statu",
      "Agreements in place over time",
      "Stakeholders contacted in the r",
      "Days since last contact (to 20",
      "Grievances received and closed",
      "Open grievances by age",
      "Commitments",
    ]);
    const commitments = workbook.getWorksheet("Commitments")!;
    expect((commitments.getRow(5).values as unknown[]).slice(1)).toEqual(["Due in the range", 2]);
    expect((commitments.getRow(7).values as unknown[]).slice(1)).toEqual(["Overdue today", 2]);
  });
});
