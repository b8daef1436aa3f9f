import { ABN_MESSAGE, END_BEFORE_START_MESSAGE, nestFormNames, StartupFormSchema, startupFormValidator, TEAM_NAME_MESSAGE, TOO_MANY_TEAM_MEMBERS_MESSAGE } from "./schemas";
import { MAX_TEAM_MEMBERS, REQUIRED_MESSAGES } from "./startup-fields";

const REQUIRED = {
  projectTitle: "Hume Highway Duplication",
  clientName: "Riverina Roads Authority",
  clientProjectManager: "Sarah O'Brien",
  cncProjectManager: "David Nguyen",
  leadBusinessUnit: "Land & Approvals",
};

function errorsOf(input: unknown): Record<string, string> {
  const result = StartupFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the start-up form schema", () => {
  it("needs the five required fields, each with the spec's message, all reported at once", () => {
    expect(errorsOf({})).toEqual({
      projectTitle: REQUIRED_MESSAGES.projectTitle,
      clientName: REQUIRED_MESSAGES.clientName,
      clientProjectManager: REQUIRED_MESSAGES.clientProjectManager,
      cncProjectManager: REQUIRED_MESSAGES.cncProjectManager,
      leadBusinessUnit: REQUIRED_MESSAGES.leadBusinessUnit,
    });
    expect(errorsOf({ ...REQUIRED, projectTitle: "   " })).toEqual({ projectTitle: "Project title is required" });
  });

  it("fills the defaults: services agreement, fixed fee, private, approval required, Sydney time", () => {
    expect(StartupFormSchema.parse(REQUIRED)).toEqual({
      ...REQUIRED,
      projectNumber: null,
      clientABN: null,
      clientPhone: null,
      projectStartDate: null,
      estimatedEndDate: null,
      sector: null,
      region: null,
      state: null,
      teamMembers: [],
      termsOfAgreement: "servicesAgreement",
      termsOfEngagement: "fixedFee",
      additionalComments: null,
      settings: { allowPublicView: false, requireApproval: true, defaultTimezone: "Australia/Sydney" },
    });
  });

  it("checks the ABN with its checksum and keeps its 11 digits", () => {
    expect(StartupFormSchema.parse({ ...REQUIRED, clientABN: "51 824 753 556" }).clientABN).toBe("51824753556");
    expect(errorsOf({ ...REQUIRED, clientABN: "51 824 753 557" })).toEqual({ clientABN: ABN_MESSAGE });
    expect(errorsOf({ ...REQUIRED, clientABN: "ABN pending" })).toEqual({ clientABN: ABN_MESSAGE });
  });

  it("takes dates as a date input sends them or as written in Australia, and refuses an end before the start", () => {
    const dates = StartupFormSchema.parse({ ...REQUIRED, projectStartDate: "03/02/2025", estimatedEndDate: "2025-02-03" });
    expect([dates.projectStartDate, dates.estimatedEndDate]).toEqual(["2025-02-03", "2025-02-03"]);
    expect(errorsOf({ ...REQUIRED, projectStartDate: "2025-02-03", estimatedEndDate: "2025-02-02" })).toEqual({ estimatedEndDate: END_BEFORE_START_MESSAGE });
    expect(errorsOf({ ...REQUIRED, projectStartDate: "31/02/2025" })).toEqual({ projectStartDate: "Project start date must be a real date, for example 2025-02-03" });
  });

  it("reports an end before the start together with the missing required fields", () => {
    expect(errorsOf({ projectStartDate: "2025-02-03", estimatedEndDate: "2025-01-01" })).toMatchObject({ estimatedEndDate: END_BEFORE_START_MESSAGE, projectTitle: REQUIRED_MESSAGES.projectTitle });
  });

  it("takes only the enums' choices (by value or label, in any case)", () => {
    const parsed = StartupFormSchema.parse({ ...REQUIRED, sector: "Infrastructure", state: "vic", termsOfAgreement: "purchaseOrder", termsOfEngagement: "Schedule of Rates" });
    expect([parsed.sector, parsed.state, parsed.termsOfAgreement, parsed.termsOfEngagement]).toEqual(["infrastructure", "VIC", "purchaseOrder", "scheduleOfRates"]);
    expect(errorsOf({ ...REQUIRED, sector: "mining", state: "NZ", termsOfAgreement: "handshake", settings: { defaultTimezone: "Europe/London" } })).toEqual({
      sector: "Choose a sector from the list",
      state: "Choose a state from the list",
      termsOfAgreement: "Choose the terms of agreement from the list",
      "settings.defaultTimezone": "Choose a time zone from the list",
    });
  });

  it("accepts team members as a JSON array (from /api) or JSON text, and drops blank rows", () => {
    const members = [{ name: "Emma Clarke", rate: "$165/hr", qualifications: "BEng (Civil)" }, { name: "", rate: "", qualifications: "" }, { name: "Liam Patel" }];
    const expected = [
      { name: "Emma Clarke", rate: "$165/hr", qualifications: "BEng (Civil)" },
      { name: "Liam Patel", rate: "", qualifications: "" },
    ];
    expect(StartupFormSchema.parse({ ...REQUIRED, teamMembers: members }).teamMembers).toEqual(expected);
    expect(StartupFormSchema.parse({ ...REQUIRED, teamMembers: JSON.stringify(members) }).teamMembers).toEqual(expected);
    expect(errorsOf({ ...REQUIRED, teamMembers: [{ name: "Emma" }, { rate: "$100" }] })).toEqual({ "teamMembers.1.name": TEAM_NAME_MESSAGE });
    expect(errorsOf({ ...REQUIRED, teamMembers: "not json" })).toEqual({ teamMembers: "Team members must be a list" });
    expect(errorsOf({ ...REQUIRED, teamMembers: Array.from({ length: MAX_TEAM_MEMBERS + 1 }, (_, i) => ({ name: `Member ${i}` })) })).toEqual({ teamMembers: TOO_MANY_TEAM_MEMBERS_MESSAGE });
  });

  it("reads a posted form as remix-validated-form nests it, errors named as the form's fields", async () => {
    const posted = form([
      ...Object.entries(REQUIRED),
      ["teamMembers[0].name", "Emma Clarke"],
      ["teamMembers[0].rate", "$165/hr"],
      ["teamMembers[1].rate", "$140/hr"],
      ["settings.allowPublicView", "false"],
      ["settings.allowPublicView", "true"],
      ["settings.requireApproval", "false"],
    ]);
    const result = await startupFormValidator.validate(posted);
    expect(result.error?.fieldErrors).toEqual({ "teamMembers[1].name": TEAM_NAME_MESSAGE });

    posted.set("teamMembers[1].name", "Liam Patel");
    const ok = await startupFormValidator.validate(posted);
    expect(ok.data?.teamMembers).toEqual([
      { name: "Emma Clarke", rate: "$165/hr", qualifications: "" },
      { name: "Liam Patel", rate: "$140/hr", qualifications: "" },
    ]);
    // The hidden "false" before a ticked box, and a lone "false" for an unticked one.
    expect(ok.data?.settings).toEqual({ allowPublicView: true, requireApproval: false, defaultTimezone: "Australia/Sydney" });
  });

  it("nests the flat names readBody gives for a form posted to /api, and nothing else", () => {
    expect(nestFormNames({ projectTitle: "X", "teamMembers[1].name": "B", "teamMembers[0].name": "A", "settings.requireApproval": "false", "__proto__.polluted": "x" })).toEqual({
      projectTitle: "X",
      "__proto__.polluted": "x",
      teamMembers: [{ name: "A" }, { name: "B" }],
      settings: { requireApproval: "false" },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const parsed = StartupFormSchema.parse({ ...REQUIRED, "teamMembers[0].name": "Emma Clarke", "settings.allowPublicView": "on" });
    expect(parsed.teamMembers).toEqual([{ name: "Emma Clarke", rate: "", qualifications: "" }]);
    expect(parsed.settings.allowPublicView).toBe(true);
  });

  it("refuses a huge row index without building the rows", () => {
    expect(errorsOf({ ...REQUIRED, "teamMembers[999].name": "Far away" })).toEqual({ teamMembers: TOO_MANY_TEAM_MEMBERS_MESSAGE });
    const sparse: unknown[] = [];
    sparse[50_000_000] = { name: "Far away" };
    expect(errorsOf({ ...REQUIRED, teamMembers: sparse })).toEqual({ teamMembers: TOO_MANY_TEAM_MEMBERS_MESSAGE });
  });

  it("takes JSON booleans for the settings and refuses other values", () => {
    expect(StartupFormSchema.parse({ ...REQUIRED, settings: { allowPublicView: true, requireApproval: false, defaultTimezone: "Australia/Perth" } }).settings).toEqual({
      allowPublicView: true,
      requireApproval: false,
      defaultTimezone: "Australia/Perth",
    });
    expect(errorsOf({ ...REQUIRED, settings: { allowPublicView: "maybe" } })).toEqual({ "settings.allowPublicView": "Choose yes or no" });
  });
});
