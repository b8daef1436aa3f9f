import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ExcelJS from "exceljs";
import { Project } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { sqlExecute } from "../../db/sql.server";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { grievanceDueDates, projectClockSettings } from "../../app/modules/calendar/business-days";
import { zonedLocalToInstant } from "../../app/modules/engagement/zoned-time";
import { GrievanceFiguresTables } from "../../app/components/grievances/GrievanceFigures";
import type { GrievanceFigures } from "../../app/modules/grievances/figure-definitions";
import * as apiRoute from "../../app/routes/api.grievances.figures";
import * as xlsxRoute from "../../app/routes/api.grievances.figures[.]xlsx";
import * as pageRoute from "../../app/routes/grievances_.figures";
import { useTestDatabase } from "../setup/test-database";

/**
 * Grievance figures (docs/records.md#grievance-figures) on seeded grievances with hand-chosen dates:
 * the page, the /api JSON and the Excel sheet against a hand count.
 *
 * The Western project is set to NSW, Sydney time, acknowledge within 2 and resolve within 10 business
 * days; the clock is held at Friday 2026-10-30 12:00 in Sydney (today). The period is Mon 2026-09-28 to
 * Fri 2026-10-16. Business days numbered from Sep 28: Sep 28=0, 29=1, 30=2, Oct 1=3, 2=4, (Sat 3,
 * Sun 4, Mon 5 Labour Day in NSW) 6=5, 7=6, 8=7, 9=8, 12=9, 13=10, 14=11, 15=12, 16=13, 19=14, 20=15,
 * 21=16, 22=17, 23=18, 26=19, 27=20, 28=21, 29=22, 30=23, Nov 2=24. Sydney moves to daylight time on Oct 4.
 *
 *  ref   received (local)      counted  ack by  resolve by  what happened                              category
 *  G-01  Tue 29 Sep 08:00      Sep 29   Oct 1   Oct 14      ack Oct 1; open (response proposed)        gates_fences
 *  G-02  Mon 28 Sep 10:00      Sep 28   Sep 30  Oct 13      ack Sep 29, resolved Oct 9, closed Oct 12  gates_fences
 *  G-03  Fri 2 Oct 17:30       Oct 6    Oct 8   Oct 20      (after 17:00, weekend, holiday) ack Oct 8  water
 *  G-04  Sat 3 Oct 11:00       Oct 6    Oct 8   Oct 20      ack Oct 9 (late), Resolved Oct 19          access
 *  G-05  Mon 5 Oct 09:00 (hol) Oct 6    Oct 8   Oct 20      ack Oct 6, resolved+closed Oct 22 (late)   compensation_payments
 *  G-06  Wed 7 Oct 23:30       Oct 8    Oct 12  Oct 22      ack 00:30 Oct 13 local = Oct 12 UTC (late) dust_noise
 *  G-07  Fri 9 Oct 10:00       Oct 9    Oct 13  Oct 23      ack Oct 9, resolved Oct 14, closed Oct 15  communication
 *  G-08  Mon 12 Oct 09:00      Oct 12   Oct 14  Oct 26      never acknowledged                         access
 *  G-09  Wed 14 Oct 11:00      Oct 14   Oct 16  Oct 28      ack Oct 15, resolved Oct 27, closed Oct 28 other
 *  G-10  Fri 16 Oct 14:00      Oct 16   Oct 20  Oct 30      ack Oct 20; open                           damage
 *  G-11  Fri 16 Oct 18:00      Oct 19   Oct 21  Nov 2       never acknowledged                         traffic
 *  Left out: G-12 Sat 17 Oct 00:30 local (still Oct 16 in UTC), G-13 Sun 27 Sep 23:30, and one in the
 *  Northern project (same client) on Oct 6.
 *
 * Received: 11.
 * Acknowledged on time: counted = the 9 acknowledged + G-08 and G-11 (ack-by passed) = 11; on time:
 *   G-01, G-02, G-03 (on the due date), G-05, G-07, G-09, G-10 = 7 → 63.6 %.
 * Resolved on time: resolved or closed = G-02, G-04, G-05, G-07, G-09 (5), plus not resolved with
 *   resolve-by before today: G-01, G-03, G-06, G-08 (4); G-10 (due today) and G-11 (Nov 2) not yet: 9.
 *   On time: G-02 (Oct 9 ≤ 13), G-04 (19 ≤ 20), G-07 (14 ≤ 23), G-09 (27 ≤ 28) = 4 → 44.4 %.
 * Median business days to close: G-02 day 9-0 = 9, G-05 17-5 = 12, G-07 12-8 = 4, G-09 21-11 = 10;
 *   4, 9, 10, 12 → 9.5.
 * Open (not closed): G-01, G-03, G-04, G-06, G-08, G-10, G-11 = 7. By category: access 2 (G-04, G-08),
 *   gates_fences 1, water 1, dust_noise 1, damage 1, traffic 1. By age (today = day 23): G-01 22 →
 *   21–30; G-03 18, G-04 18, G-06 16, G-08 14 → 11–20 (4); G-10 10, G-11 9 → 6–10 (2).
 */
const URL_BASE = "http://localhost:3000";
const VIEWER = "seed-viewer";
const OFFICER = "seed-officer";
const ZONE = "Australia/Sydney";
const TODAY_NOON = new Date("2026-10-30T01:00:00Z");
const PERIOD = "from=2026-09-28&to=2026-10-16";
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let otherClient: number;
const cookies = new Map<string, string>();

type Seed = { ref: string; received: string; stage: string; category: string; ack?: string; res?: string; closed?: string; project?: "northern" };
const SEEDS: Seed[] = [
  { ref: "G-0001", received: "2026-09-29T08:00", stage: "response_proposed", category: "gates_fences", ack: "2026-10-01T09:00" },
  { ref: "G-0002", received: "2026-09-28T10:00", stage: "closed", category: "gates_fences", ack: "2026-09-29T09:00", res: "2026-10-09T10:00", closed: "2026-10-12T10:00" },
  { ref: "G-0003", received: "2026-10-02T17:30", stage: "investigating", category: "water", ack: "2026-10-08T16:00" },
  { ref: "G-0004", received: "2026-10-03T11:00", stage: "resolved", category: "access", ack: "2026-10-09T10:00", res: "2026-10-19T10:00" },
  { ref: "G-0005", received: "2026-10-05T09:00", stage: "closed", category: "compensation_payments", ack: "2026-10-06T10:00", res: "2026-10-22T10:00", closed: "2026-10-22T10:00" },
  { ref: "G-0006", received: "2026-10-07T23:30", stage: "acknowledged", category: "dust_noise", ack: "2026-10-13T00:30" },
  { ref: "G-0007", received: "2026-10-09T10:00", stage: "closed", category: "communication", ack: "2026-10-09T11:00", res: "2026-10-14T10:00", closed: "2026-10-15T10:00" },
  { ref: "G-0008", received: "2026-10-12T09:00", stage: "received", category: "access" },
  { ref: "G-0009", received: "2026-10-14T11:00", stage: "closed", category: "other", ack: "2026-10-15T10:00", res: "2026-10-27T10:00", closed: "2026-10-28T10:00" },
  { ref: "G-0010", received: "2026-10-16T14:00", stage: "investigating", category: "damage", ack: "2026-10-20T09:00" },
  { ref: "G-0011", received: "2026-10-16T18:00", stage: "received", category: "traffic" },
  { ref: "G-0012", received: "2026-10-17T00:30", stage: "received", category: "access" },
  { ref: "G-0013", received: "2026-09-27T23:30", stage: "received", category: "access" },
  { ref: "G-0001", received: "2026-10-06T10:00", stage: "received", category: "access", project: "northern" },
];

/** The hand-counted due dates above, checked against the clock before anything else. */
const HAND_DUE: Record<string, [string, string, string]> = {
  "G-0001": ["2026-09-29", "2026-10-01", "2026-10-14"],
  "G-0002": ["2026-09-28", "2026-09-30", "2026-10-13"],
  "G-0003": ["2026-10-06", "2026-10-08", "2026-10-20"],
  "G-0004": ["2026-10-06", "2026-10-08", "2026-10-20"],
  "G-0005": ["2026-10-06", "2026-10-08", "2026-10-20"],
  "G-0006": ["2026-10-08", "2026-10-12", "2026-10-22"],
  "G-0007": ["2026-10-09", "2026-10-13", "2026-10-23"],
  "G-0008": ["2026-10-12", "2026-10-14", "2026-10-26"],
  "G-0009": ["2026-10-14", "2026-10-16", "2026-10-28"],
  "G-0010": ["2026-10-16", "2026-10-20", "2026-10-30"],
  "G-0011": ["2026-10-19", "2026-10-21", "2026-11-02"],
};

const at = (local: string | undefined) => (local ? zonedLocalToInstant(local, ZONE)! : null);

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  await withRequestContext(async () => {
    const projects = await db().find(Project, {}, { populate: ["client"] });
    const project = projects.find((p) => p.name === "Western Pipeline Stage 2")!;
    const northern = projects.find((p) => p.name === "Northern Transmission Line")!;
    western = project.id;
    otherClient = projects.find((p) => (p.client as { name: string }).name === "Second Client Pty Ltd")!.id;
    const clock = { grievanceJurisdiction: "NSW", grievanceAcknowledgeDays: 2, grievanceResolveDays: 10, defaultTimezone: ZONE };
    for (const p of [project, northern]) p.settings = { ...(p.settings as object), ...clock };
    await db().flush();
    await sqlExecute("delete from grievance where project_id in (?, ?)", [western, northern.id]);
    for (const seed of SEEDS) {
      const projectId = seed.project === "northern" ? northern.id : western;
      const due = grievanceDueDates(at(seed.received)!, projectClockSettings(project.settings));
      const closed = seed.stage === "closed";
      await sqlExecute(
        `insert into grievance (project_id, reference, received_at, channel, complainant_kind, category, severity, description, stage,
           counted_received_on, acknowledge_by, resolve_by, acknowledged_at, resolved_at, closed_at,
           resolution, action_taken, complainant_told_on, complainant_told_how, complainant_accepted)
         values (?, ?, ?, 'phone', 'anonymous', ?, 'medium', 'Seeded for the figures', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          projectId,
          seed.ref,
          at(seed.received),
          seed.category,
          seed.stage,
          due.countedReceivedOn,
          due.acknowledgeBy,
          due.resolveBy,
          at(seed.ack),
          at(seed.res),
          at(seed.closed),
          closed ? "upheld" : null,
          closed ? "Fixed" : null,
          closed ? seed.closed!.slice(0, 10) : null,
          closed ? "Phone call" : null,
          closed ? true : null,
        ],
      );
    }
  });
  // Sessions are made on the real clock (their expiry is checked by PostgreSQL's), then the app's clock is held.
  for (const user of [VIEWER, OFFICER]) {
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

async function get(handler: Handler, pathname: string, userId = VIEWER, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${URL_BASE}${pathname}`, { headers: { Cookie: cookies.get(userId)!, ...headers } });
  return withRequestContext(async () => {
    try {
      return (await handler({ request, params: {}, context: {} })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
}

const EXPECTED_BY_CATEGORY = { access: 2, gates_fences: 1, damage: 1, dust_noise: 1, weeds_biosecurity: 0, water: 1, traffic: 1, compensation_payments: 0, communication: 0, other: 0 };
const EXPECTED_BY_AGE = { "0-5": 0, "6-10": 2, "11-20": 4, "21-30": 1, "over-30": 0 };

describe("grievance figures", () => {
  it("the hand-counted due dates are the clock's", async () => {
    const settings = { timeZone: ZONE, jurisdiction: "NSW" as const, acknowledgeDays: 2, resolveDays: 10 };
    for (const [ref, due] of Object.entries(HAND_DUE)) {
      const seed = SEEDS.find((s) => s.ref === ref && !s.project)!;
      expect(Object.values(grievanceDueDates(at(seed.received)!, settings)), ref).toEqual(due);
    }
  });

  it("/api: a viewer reads the hand count under the definitions' names", async () => {
    const response = await get(apiRoute.loader as Handler, `/api/grievances/figures?projectId=${western}&${PERIOD}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      projectId: western,
      period: { from: "2026-09-28", to: "2026-10-16" },
      today: "2026-10-30",
      clock: { jurisdiction: "NSW", jurisdictionLabel: "New South Wales", acknowledgeDays: 2, resolveDays: 10, timeZone: ZONE },
      received: 11,
      acknowledgedOnTime: { onTime: 7, counted: 11, percent: 63.6 },
      resolvedOnTime: { onTime: 4, counted: 9, percent: 44.4 },
      medianBusinessDaysToClose: { closed: 4, median: 9.5 },
      open: 7,
    });
    expect(Object.fromEntries(body.openByCategory.map((c: { category: string; open: number }) => [c.category, c.open]))).toEqual(EXPECTED_BY_CATEGORY);
    expect(Object.fromEntries(body.openByAge.map((a: { bucket: string; open: number }) => [a.bucket, a.open]))).toEqual(EXPECTED_BY_AGE);
    expect(Object.keys(body.definitions)).toEqual(["received", "acknowledgedOnTime", "resolvedOnTime", "medianBusinessDaysToClose", "openByCategory", "openByAge"]);
  });

  it("the page shows the same figures in its tables", async () => {
    const response = await get(pageRoute.loader as Handler, `/grievances/figures?projectId=${western}&${PERIOD}`);
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.values).toEqual({ from: "2026-09-28", to: "2026-10-16" });
    expect(data.excelUrl).toBe(`/api/grievances/figures.xlsx?projectId=${western}&${PERIOD}`);
    const html = renderToStaticMarkup(createElement(GrievanceFiguresTables, { figures: data.report.figures as GrievanceFigures, jurisdictionLabel: data.report.clock.jurisdictionLabel }));
    const cells = (label: string) => {
      const m = new RegExp(`<th scope="row"[^>]*>${label}</th>((?:<td[^>]*>[^<]*</td>)+)`).exec(html);
      return m ? [...m[1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1]) : null;
    };
    expect(html).toContain("<caption");
    expect(html).toContain("Grievances received from 2026-09-28 to 2026-10-16 (worked out on 2026-10-30)");
    expect(cells("Grievances received")).toEqual(["11", ""]);
    expect(cells("Acknowledged on time")).toEqual(["63.6%", "7 of 11"]);
    expect(cells("Resolved on time")).toEqual(["44.4%", "4 of 9"]);
    expect(cells("Median business days to close")).toEqual(["9.5", "4 closed"]);
    expect(cells("Access")).toEqual(["2"]);
    expect(cells("Weeds and biosecurity")).toEqual(["0"]);
    expect(cells("Total open")).toEqual(["7"]);
    expect(cells("21–30 business days")).toEqual(["1"]);
    expect(cells("11–20 business days")).toEqual(["4"]);
    expect(cells("6–10 business days")).toEqual(["2"]);
    expect(html).toContain("public holidays of New South Wales");
  });

  it("the Excel sheet holds the same figures and the period", async () => {
    const response = await get(xlsxRoute.loader as Handler, `/api/grievances/figures.xlsx?projectId=${western}&${PERIOD}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toContain('attachment; filename="grievance_figures_2026-09-28_to_2026-10-16.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Grievance figures");
    const rows = new Map<string, unknown[]>();
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.set(String(values[0]), values.slice(1));
    });
    expect(rows.get("Project")![0]).toBe("Western Pipeline Stage 2");
    expect(rows.get("Period from")![0]).toBe("2026-09-28");
    expect(rows.get("Period to")![0]).toBe("2026-10-16");
    expect(rows.get("Worked out on")![0]).toBe("2026-10-30");
    expect(rows.get("Grievances received")![0]).toBe(11);
    expect(rows.get("Acknowledged on time (%)")!.slice(0, 2)).toEqual([63.6, 11]);
    expect(rows.get("Resolved on time (%)")!.slice(0, 2)).toEqual([44.4, 9]);
    expect(rows.get("Median business days to close")!.slice(0, 2)).toEqual([9.5, 4]);
    expect(rows.get("Access")![0]).toBe(2);
    expect(rows.get("Water")![0]).toBe(1);
    expect(rows.get("Communication")![0]).toBe(0);
    expect(rows.get("Total open")![0]).toBe(7);
    expect(rows.get("0–5 business days")![0]).toBe(0);
    expect(rows.get("6–10 business days")![0]).toBe(2);
    expect(rows.get("11–20 business days")![0]).toBe(4);
    expect(rows.get("21–30 business days")![0]).toBe(1);
    expect(rows.get("Over 30 business days")![0]).toBe(0);
  });

  it("without dates: the last 90 days to the project's today", async () => {
    const body = await (await get(apiRoute.loader as Handler, `/api/grievances/figures?projectId=${western}`)).json();
    // Aug 2 to Oct 30 holds all 13 seeded Western grievances, G-0012 and G-0013 too.
    expect(body.period).toEqual({ from: "2026-08-02", to: "2026-10-30" });
    expect(body.received).toBe(13);
  });

  it("bad dates are 400 with the message, on the /api, the page and the sheet", async () => {
    const api = await get(apiRoute.loader as Handler, `/api/grievances/figures?projectId=${western}&from=2026-02-30&to=2026-10-16`);
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ message: "Enter the start date as a real date, for example 2026-03-31", errors: { from: "Enter the start date as a real date, for example 2026-03-31" } });

    const order = await get(apiRoute.loader as Handler, `/api/grievances/figures?projectId=${western}&from=2026-10-16&to=2026-10-01`);
    expect(order.status).toBe(400);
    expect(await order.json()).toMatchObject({ errors: { to: "The end date must be on or after the start date" } });

    const page = await get(pageRoute.loader as Handler, `/grievances/figures?projectId=${western}&from=2026-10-16&to=soon`);
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ report: null, values: { from: "2026-10-16", to: "soon" }, errors: { to: "Enter the end date as a real date, for example 2026-03-31" } });

    const sheet = await get(xlsxRoute.loader as Handler, `/api/grievances/figures.xlsx?projectId=${western}&from=x`);
    expect(sheet.status).toBe(400);
    // A browser that followed the page's link gets the message as a flash on the figures page.
    const followed = await get(xlsxRoute.loader as Handler, `/api/grievances/figures.xlsx?projectId=${western}&from=x`, VIEWER, { "Sec-Fetch-Mode": "navigate" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("Location")).toBe("/grievances/figures");
  });

  it("another client's project is 404 on the page, the /api and the sheet", async () => {
    for (const [handler, path] of [
      [apiRoute.loader, "/api/grievances/figures"],
      [xlsxRoute.loader, "/api/grievances/figures.xlsx"],
      [pageRoute.loader, "/grievances/figures"],
    ] as const) {
      const response = await get(handler as Handler, `${path}?projectId=${otherClient}&${PERIOD}`, OFFICER);
      expect(response.status, path).toBe(404);
    }
  });
});
