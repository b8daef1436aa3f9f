/**
 * The start-up form (part 1 of the Project Start Up, Planning and Closure Form, docs/lifecycle.md#start-up-form):
 * every field with its label, type, choices, default and required message, and the other labels a
 * filled-in form may print for it (PDF auto-fill matches them). Pure and client-safe: the page, the
 * schema and the PDF reader all take the fields from here.
 *
 * Field keys are the names the form posts, so an extracted field fills the input of the same name;
 * the settings are posted as `settings.allowPublicView` and so on.
 */

export interface Choice<V extends string = string> {
  value: V;
  label: string;
  /** Other ways a filled-in form writes the choice (matched case-insensitively, like value and label). */
  aliases?: readonly string[];
}

const choices = <V extends string>(list: readonly Choice<V>[]) => list;

export const SECTORS = choices([
  { value: "infrastructure", label: "Infrastructure" },
  { value: "residential", label: "Residential" },
  { value: "commercial", label: "Commercial" },
  { value: "industrial", label: "Industrial" },
  { value: "environmental", label: "Environmental" },
] as const);

export const STATES = choices([
  { value: "NSW", label: "NSW", aliases: ["New South Wales"] },
  { value: "VIC", label: "VIC", aliases: ["Victoria"] },
  { value: "QLD", label: "QLD", aliases: ["Queensland"] },
  { value: "WA", label: "WA", aliases: ["Western Australia"] },
  { value: "SA", label: "SA", aliases: ["South Australia"] },
  { value: "TAS", label: "TAS", aliases: ["Tasmania"] },
  { value: "NT", label: "NT", aliases: ["Northern Territory"] },
  { value: "ACT", label: "ACT", aliases: ["Australian Capital Territory"] },
] as const);

export const TERMS_OF_AGREEMENT = choices([
  { value: "purchaseOrder", label: "Purchase Order", aliases: ["PO"] },
  { value: "servicesAgreement", label: "Services Agreement", aliases: ["Service Agreement"] },
  { value: "other", label: "Other" },
] as const);

export const TERMS_OF_ENGAGEMENT = choices([
  { value: "scheduleOfRates", label: "Schedule of Rates", aliases: ["SOR"] },
  { value: "fixedFee", label: "Fixed Fee", aliases: ["Fixed Price"] },
  { value: "other", label: "Other" },
] as const);

export const TIME_ZONES = choices([
  { value: "Australia/Sydney", label: "Sydney" },
  { value: "Australia/Melbourne", label: "Melbourne" },
  { value: "Australia/Brisbane", label: "Brisbane" },
  { value: "Australia/Perth", label: "Perth", aliases: ["AWST"] },
  { value: "UTC", label: "UTC", aliases: ["GMT"] },
] as const);

type Values<T extends readonly Choice[]> = T[number]["value"];
export type Sector = Values<typeof SECTORS>;
export type AustralianState = Values<typeof STATES>;
export type TermsOfAgreement = Values<typeof TERMS_OF_AGREEMENT>;
export type TermsOfEngagement = Values<typeof TERMS_OF_ENGAGEMENT>;
export type TimeZone = Values<typeof TIME_ZONES>;

export const STARTUP_DEFAULTS = {
  termsOfAgreement: "servicesAgreement",
  termsOfEngagement: "fixedFee",
  settings: { allowPublicView: false, requireApproval: true, defaultTimezone: "Australia/Sydney" },
} as const satisfies {
  termsOfAgreement: TermsOfAgreement;
  termsOfEngagement: TermsOfEngagement;
  settings: { allowPublicView: boolean; requireApproval: boolean; defaultTimezone: TimeZone };
};

/** The five required fields and their messages (docs/lifecycle.md#start-up-form). */
export const REQUIRED_MESSAGES = {
  projectTitle: "Project title is required",
  clientName: "Client name is required",
  clientProjectManager: "Client project manager is required",
  cncProjectManager: "CNC project manager is required",
  leadBusinessUnit: "Lead business unit is required",
} as const;

export type StartupFieldType = "text" | "textarea" | "abn" | "phone" | "date" | "select" | "checkbox";

export interface StartupField {
  key: string;
  label: string;
  type: StartupFieldType;
  maxLength?: number;
  choices?: readonly Choice[];
  defaultValue?: string | boolean;
  /** The spec's message when it is left blank; absent for optional fields. */
  required?: string;
  /** Labels other than `label` (and the key itself) that a filled-in form may use. */
  synonyms: readonly string[];
}

const TEXT = 200;

export const STARTUP_FIELDS = [
  { key: "projectTitle", label: "Project Title", type: "text", maxLength: TEXT, required: REQUIRED_MESSAGES.projectTitle, synonyms: ["Project Name", "Name of Project", "Project", "Title"] },
  {
    key: "projectNumber",
    label: "Project Number",
    type: "text",
    maxLength: 50,
    synonyms: ["Project No", "Job Number", "Job No", "Project Code", "Project Reference", "Project Ref", "Reference Number"],
  },
  {
    key: "clientName",
    label: "Client Name",
    type: "text",
    maxLength: TEXT,
    required: REQUIRED_MESSAGES.clientName,
    synonyms: ["Client", "Client Organisation", "Client Company", "Customer", "Customer Name"],
  },
  { key: "clientABN", label: "Client ABN", type: "abn", synonyms: ["ABN", "Client ABN Number", "Australian Business Number", "Client Australian Business Number"] },
  {
    key: "clientProjectManager",
    label: "Client Project Manager",
    type: "text",
    maxLength: TEXT,
    required: REQUIRED_MESSAGES.clientProjectManager,
    synonyms: ["Client PM", "Client Project Manager Name", "Client Manager", "Client Contact", "Client Representative"],
  },
  {
    key: "clientPhone",
    label: "Client Phone",
    type: "phone",
    maxLength: 50,
    synonyms: ["Client Phone Number", "Client Contact Number", "Client Telephone", "Client Mobile", "Phone", "Phone Number", "Telephone", "Contact Number", "Contact Phone"],
  },
  {
    key: "cncProjectManager",
    label: "CNC Project Manager",
    type: "text",
    maxLength: TEXT,
    required: REQUIRED_MESSAGES.cncProjectManager,
    synonyms: ["CNC PM", "CNC Project Manager Name", "Project Manager CNC", "CNC Manager", "Project Manager", "Internal Project Manager"],
  },
  {
    key: "leadBusinessUnit",
    label: "Lead Business Unit",
    type: "text",
    maxLength: TEXT,
    required: REQUIRED_MESSAGES.leadBusinessUnit,
    synonyms: ["Business Unit", "Lead BU", "Lead Unit"],
  },
  {
    key: "projectStartDate",
    label: "Project Start Date",
    type: "date",
    synonyms: ["Start Date", "Project Start", "Commencement Date", "Project Commencement Date", "Date of Commencement"],
  },
  {
    key: "estimatedEndDate",
    label: "Estimated End Date",
    type: "date",
    synonyms: ["End Date", "Project End Date", "Estimated Completion Date", "Expected Completion Date", "Completion Date", "Estimated Finish Date", "Finish Date", "Expected End Date"],
  },
  { key: "sector", label: "Sector", type: "select", choices: SECTORS, synonyms: ["Project Sector", "Industry Sector", "Market Sector", "Industry"] },
  { key: "region", label: "Region", type: "text", maxLength: 100, synonyms: ["Project Region"] },
  { key: "state", label: "State", type: "select", choices: STATES, synonyms: ["State or Territory", "State Territory", "Project State", "Jurisdiction"] },
  {
    key: "termsOfAgreement",
    label: "Terms of Agreement",
    type: "select",
    choices: TERMS_OF_AGREEMENT,
    defaultValue: STARTUP_DEFAULTS.termsOfAgreement,
    synonyms: ["Agreement", "Agreement Type", "Type of Agreement", "Contract Type"],
  },
  {
    key: "termsOfEngagement",
    label: "Terms of Engagement",
    type: "select",
    choices: TERMS_OF_ENGAGEMENT,
    defaultValue: STARTUP_DEFAULTS.termsOfEngagement,
    synonyms: ["Engagement", "Engagement Type", "Type of Engagement", "Fee Basis", "Fee Type"],
  },
  {
    key: "additionalComments",
    label: "Additional Comments",
    type: "textarea",
    maxLength: 5000,
    synonyms: ["Comments", "Additional Notes", "Notes", "Remarks", "Additional Information", "Other Comments"],
  },
  {
    key: "settings.allowPublicView",
    label: "Allow public view",
    type: "checkbox",
    defaultValue: STARTUP_DEFAULTS.settings.allowPublicView,
    synonyms: ["Public View", "Publicly Visible", "Allow Public Viewing"],
  },
  {
    key: "settings.requireApproval",
    label: "Require approval",
    type: "checkbox",
    defaultValue: STARTUP_DEFAULTS.settings.requireApproval,
    synonyms: ["Approval Required", "Requires Approval"],
  },
  {
    key: "settings.defaultTimezone",
    label: "Default time zone",
    type: "select",
    choices: TIME_ZONES,
    defaultValue: STARTUP_DEFAULTS.settings.defaultTimezone,
    synonyms: ["Time Zone", "Project Time Zone"],
  },
] as const satisfies readonly StartupField[];

export type StartupFieldKey = (typeof STARTUP_FIELDS)[number]["key"];

export const STARTUP_FIELD_BY_KEY: ReadonlyMap<string, StartupField> = new Map(STARTUP_FIELDS.map((field) => [field.key, field]));

/** Team members (name, rate, qualifications): the form posts `teamMembers[i].name` and so on. */
export const MAX_TEAM_MEMBERS = 50;

export const TEAM_MEMBER_PARTS = [
  { key: "name", label: "Name", maxLength: TEXT, synonyms: ["Team Member", "Team Member Name", "Member", "Staff Member", "Staff Name", "Full Name"] },
  { key: "rate", label: "Rate", maxLength: 50, synonyms: ["Hourly Rate", "Rate per Hour", "Charge Out Rate", "Charge Rate", "Day Rate", "Billing Rate"] },
  { key: "qualifications", label: "Qualifications", maxLength: 500, synonyms: ["Qualification", "Quals", "Credentials"] },
] as const;

export type TeamMemberPart = (typeof TEAM_MEMBER_PARTS)[number]["key"];

export interface TeamMember {
  name: string;
  rate: string;
  qualifications: string;
}

/** The PDF auto-fill's messages (docs/lifecycle.md#pdf-auto-fill). */
export const PDF_EXTRACT_MESSAGES = {
  invalidFile: "Invalid File: Please upload a PDF file.",
  processFailed: "Failed to process PDF",
  extractFailed: "Failed to extract fields from PDF",
  extracted: (count: number) => `Extracted ${count} fields and auto-populated the form`,
} as const;
