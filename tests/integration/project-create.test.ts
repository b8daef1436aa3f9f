import fs from "node:fs";
import { action as pageAction, loader as pageLoader } from "../../app/routes/projects.new";
import { action as apiAction } from "../../app/routes/api.projects";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { getOrm } from "../../db/orm";
import { call, jsonRequest, multipartRequest, PNG, useUploadTestEnvironment } from "./support/uploads";

/**
 * Creating a project (docs/lifecycle.md#new-project) against a real PostgreSQL: /projects/new's action as a browser without
 * JavaScript posts it (team rows, the PDF auto-fill, Create) and POST /api/projects with the spec's
 * payload. Each creation is checked for everything it writes: the project, the creator's membership,
 * part 1 recorded as completed, the queued notification, the audit row; and each refusal for writing
 * nothing at all.
 */
const env = useUploadTestEnvironment("project-create");
const BASE = "http://localhost:3000";
const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/project-startup/${name}`, import.meta.url));

// Queued mail waits in mail_message: no workers, so nothing is sent while these tests look at it.
beforeAll(async () => {
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
});
afterAll(async () => {
  await stopJobs(2000);
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
const counts = async () =>
  (
    await sql<{ projects: number; members: number; forms: number; mails: number }>(
      `select (select count(*) from project)::int as projects, (select count(*) from project_membership)::int as members,
              (select count(*) from project_phase_form)::int as forms, (select count(*) from mail_message)::int as mails`,
    )
  )[0]!;

const REQUIRED = {
  projectTitle: "Inland Rail Access Stage 3",
  clientName: "Inland Rail Pty Ltd",
  clientProjectManager: "Kim Lee",
  cncProjectManager: "Sam Ray",
  leadBusinessUnit: "Land Access",
};

function postForm(fields: [string, string][], role: string) {
  const request = new Request(`${BASE}/projects/new`, {
    method: "POST",
    headers: { Cookie: env.cookies[role]!, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return call(() => pageAction({ request, params: {}, context: {} }));
}

const formOf = (values: Record<string, string>, extra: [string, string][] = []): [string, string][] => [...Object.entries(values), ...extra];

describe("/projects/new", () => {
  it("creates the project, makes the creator a member, records part 1 and queues the start-up notification", async () => {
    const response = await postForm(
      formOf({ ...REQUIRED, clientABN: "51 824 753 556", projectStartDate: "2026-02-03", estimatedEndDate: "2026-12-18", sector: "infrastructure", state: "NSW" }, [
        ["teamMembers[0].id", "1"],
        ["teamMembers[0].name", "Ana Diaz"],
        ["teamMembers[0].rate", "150"],
        ["teamMembers[0].qualifications", "BEng"],
        ["teamMembers[1].id", "2"],
        ["teamMembers[1].name", ""],
        ["settings.allowPublicView", "false"],
        ["settings.requireApproval", "false"],
        ["settings.defaultTimezone", "Australia/Perth"],
        ["intent", "create"],
      ]),
      "project_manager",
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/projects\/\d+\/phases$/);
    const id = Number(location.split("/")[2]);

    const [project] = await sql<Record<string, unknown>>(`select * from project where id = ?`, [id]);
    expect(project).toMatchObject({
      name: REQUIRED.projectTitle,
      description: "Inland Rail Pty Ltd · Land Access",
      client_id: env.demoClientId,
      owner_id: "seed-project-manager",
      planning_phase_status: "pending",
      closure_phase_status: "pending",
      startup_completed_by: "Priya Manager",
    });
    expect(project!.settings).toEqual({ allowPublicView: false, requireApproval: false, defaultTimezone: "Australia/Perth" });
    expect(Date.now() - new Date(project!.startup_completed_at as string).getTime()).toBeLessThan(60_000);
    expect(await sql(`select user_id, role from project_membership where project_id = ?`, [id])).toEqual([{ user_id: "seed-project-manager", role: "project_manager" }]);
    const [form] = await sql<{ phase: string; values: Record<string, unknown>; submitted_by_id: string }>(`select phase, values, submitted_by_id from project_phase_form where project_id = ?`, [id]);
    expect(form).toMatchObject({ phase: "startup", submitted_by_id: "seed-project-manager" });
    expect(form!.values).toMatchObject({
      clientABN: "51824753556",
      projectStartDate: "2026-02-03",
      teamMembers: [{ name: "Ana Diaz", rate: "150", qualifications: "BEng" }],
      completedBy: "Priya Manager",
    });
    const [mail] = await sql<{ to_addresses: string[]; subject: string; text_body: string; html_body: string }>(
      `select to_addresses, subject, text_body, html_body from mail_message where dedupe_key = ?`,
      [`project-startup:${id}`],
    );
    expect(mail!.to_addresses).toHaveLength(4);
    expect(mail!.subject).toBe(`Project start-up: ${REQUIRED.projectTitle}`);
    expect(mail!.text_body).toContain("Client ABN: 51824753556");
    expect(mail!.text_body).toContain("Team Members: Ana Diaz (rate 150, BEng)");
    expect(mail!.html_body).toContain("Inland Rail Pty Ltd");
    expect(await sql(`select action from audit_log where entity_type = 'Project' and entity_id = ?`, [String(id)])).toEqual([{ action: "project.create" }]);
  });

  it("refuses a form without its five required fields, or with a bad ABN and an end before the start, and writes nothing", async () => {
    const before = await counts();
    const response = await postForm(
      [
        ["clientABN", "12 345 678 901"],
        ["projectStartDate", "2026-05-01"],
        ["estimatedEndDate", "2026-04-30"],
        ["teamMembers[0].id", "1"],
        ["teamMembers[0].rate", "90"],
        ["intent", "create"],
      ],
      "director",
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    // In the form's order, so the summary reads top to bottom.
    expect(Object.keys(body.fieldErrors)).toEqual([
      "projectTitle",
      "clientName",
      "clientABN",
      "clientProjectManager",
      "cncProjectManager",
      "leadBusinessUnit",
      "estimatedEndDate",
      "teamMembers[0].name",
    ]);
    expect(body.fieldErrors).toMatchObject({
      projectTitle: "Project title is required",
      clientName: "Client name is required",
      clientProjectManager: "Client project manager is required",
      cncProjectManager: "CNC project manager is required",
      leadBusinessUnit: "Lead business unit is required",
      clientABN: "Enter a valid ABN: 11 digits, for example 51 824 753 556",
      estimatedEndDate: "Estimated end date must be on or after the project start date",
      "teamMembers[0].name": "Enter the team member's name",
    });
    // What was typed comes back to be corrected.
    expect(body.values).toMatchObject({ clientABN: "12 345 678 901", projectStartDate: "2026-05-01" });
    expect(body.team).toEqual([{ id: "1", name: "", rate: "90", qualifications: "" }]);
    expect(await counts()).toEqual(before);
  });

  it("adds and removes team members without JavaScript, keeping what was typed", async () => {
    const typed = formOf({ ...REQUIRED }, [
      ["teamMembers[0].id", "1"],
      ["teamMembers[0].name", "Ana Diaz"],
      ["teamMembers[1].id", "2"],
      ["teamMembers[1].name", "Bo Chen"],
    ]);
    const added = await (await postForm([...typed, ["intent", "add"]], "director")).json();
    expect(added.team.map((r: { name: string }) => r.name)).toEqual(["Ana Diaz", "Bo Chen", ""]);
    expect(added.focus).toEqual({ rowId: "3", control: "first" });
    expect(added.values.projectTitle).toBe(REQUIRED.projectTitle);
    const removed = await (await postForm([...typed, ["intent", "remove:1"]], "director")).json();
    expect(removed.team).toEqual([{ id: "2", name: "Bo Chen", rate: "", qualifications: "" }]);
    expect(removed.announcement).toBe("Ana Diaz removed.");
  });

  it("holds the free plan to one project: the second client's owner is refused with the plan named, nothing written", async () => {
    const before = await counts();
    const response = await postForm(formOf(REQUIRED, [["intent", "create"]]), "second_owner");
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.planLimit).toBe(true);
    expect(body.fieldErrors._form).toBe(
      "Second Client Pty Ltd is on the Free plan, which allows 1 project, and already has 1. Upgrade to Professional on the Subscription page to create more projects.",
    );
    expect(await counts()).toEqual(before);
    const api = await call(() => apiAction({ request: jsonRequest(`${BASE}/api/projects`, env.cookies.second_owner!, "POST", { name: "Another", projectData: REQUIRED }), params: {}, context: {} }));
    expect(api.status).toBe(403);
    expect((await api.json()).code).toBe("PLAN_LIMIT");
    expect(await counts()).toEqual(before);
  });

  it("refuses roles without createProjects (403) on the page and the /api, and asks a system admin for the client", async () => {
    for (const role of ["officer", "viewer"]) {
      expect((await call(() => pageLoader({ request: new Request(`${BASE}/projects/new`, { headers: { Cookie: env.cookies[role]! } }), params: {}, context: {} }))).status).toBe(403);
      expect((await postForm(formOf(REQUIRED, [["intent", "create"]]), role)).status).toBe(403);
    }
    const admin = await (await call(() => pageLoader({ request: new Request(`${BASE}/projects/new`, { headers: { Cookie: env.cookies.system_admin! } }), params: {}, context: {} }))).json();
    expect(admin.clients.map((c: { name: string }) => c.name)).toContain("New Client Pty Ltd");
    const noClient = await postForm(formOf(REQUIRED, [["intent", "create"]]), "system_admin");
    expect((await noClient.json()).fieldErrors.clientId).toBe("Choose the client organisation the project belongs to");
    const fresh = admin.clients.find((c: { name: string }) => c.name === "New Client Pty Ltd").id;
    const created = await postForm(formOf({ ...REQUIRED, projectTitle: "Admin's project", clientId: String(fresh) }, [["intent", "create"]]), "system_admin");
    expect(created.status).toBe(302);
    expect(await sql(`select client_id from project where name = 'Admin''s project'`)).toEqual([{ client_id: fresh }]);
  });

  it("POST /api/projects takes the spec's payload and answers 201 with the project; invalid input is 400 with the fields", async () => {
    const response = await call(() =>
      apiAction({
        request: jsonRequest(`${BASE}/api/projects`, env.cookies.director!, "POST", {
          name: "Api Project",
          description: "x",
          projectData: { ...REQUIRED, projectTitle: undefined, teamMembers: [{ name: "Cy" }] },
        }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(201);
    const project = await response.json();
    expect(project).toMatchObject({ name: "Api Project", clientId: env.demoClientId, planningPhaseStatus: "pending" });
    const bad = await call(() => apiAction({ request: jsonRequest(`${BASE}/api/projects`, env.cookies.director!, "POST", { projectData: { clientName: "X" } }), params: {}, context: {} }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({ projectTitle: "Project title is required" });
    const officer = await call(() => apiAction({ request: jsonRequest(`${BASE}/api/projects`, env.cookies.officer!, "POST", { name: "No", projectData: REQUIRED }), params: {}, context: {} }));
    expect(officer.status).toBe(403);
  });

  it("auto-fills from a fillable start-up PDF without JavaScript, and Create keeps what was extracted", async () => {
    const request = multipartRequest(`${BASE}/projects/new`, env.cookies.director!, [], { name: "pdf", filename: "startup.pdf", type: "application/pdf", body: fixture("startup-form-fillable.pdf") });
    const response = await call(() => pageAction({ request, params: {}, context: {} }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.extraction.message).toMatch(/^Extracted \d+ fields and auto-populated the form$/);
    expect(body.extraction.summary.length).toBeLessThanOrEqual(8);
    expect(body.values.projectTitle).not.toBe("");
    expect(body.team.length).toBeGreaterThan(0);

    const notPdf = multipartRequest(`${BASE}/projects/new`, env.cookies.director!, [], { name: "pdf", filename: "photo.png", type: "image/png", body: PNG() });
    const refused = await call(() => pageAction({ request: notPdf, params: {}, context: {} }));
    expect(refused.status).toBe(415);
    expect((await refused.json()).fieldErrors).toEqual({ pdf: "Invalid File: Please upload a PDF file." });

    // Create with the auto-filled values and the evidence the page carries in its hidden field.
    const fields: [string, string][] = Object.entries(body.values as Record<string, string>).filter(([, v]) => v !== "");
    body.team.forEach((row: Record<string, string>, i: number) => ["id", "name", "rate", "qualifications"].forEach((part) => fields.push([`teamMembers[${i}].${part}`, row[part]!])));
    fields.push(["extractedFields", JSON.stringify(body.extractedFields)], ["intent", "create"]);
    const created = await postForm(fields, "director");
    expect(
      created.status,
      JSON.stringify(
        await created
          .clone()
          .json()
          .catch(() => null),
      ),
    ).toBe(302);
    const id = Number(created.headers.get("Location")!.split("/")[2]);
    const [form] = await sql<{ extracted_fields: unknown[] }>(`select extracted_fields from project_phase_form where project_id = ?`, [id]);
    expect(form!.extracted_fields).toEqual(body.extractedFields);
  });
});
