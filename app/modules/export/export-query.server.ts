/**
 * The one SELECT an export runs (docs/export.md#modes-and-templates): only the requested columns, only the project's rows, the
 * linked-record aggregates done by PostgreSQL in a LATERAL subquery that is joined only when a
 * linked column is asked for. Dates leave as 'YYYY-MM-DD' text and instants as local
 * 'YYYY-MM-DD HH:MM:SS' text in the project's zone (export-values.ts builds the cells), so node-pg's
 * local-time parsing of `date` never shifts a day.
 *
 * Every value that comes from the request (project id, zone, custom-field names) is a bound
 * parameter; field keys only select from the fixed expressions below.
 */
import { ENGAGEMENT_TYPES } from "~db/entities/enums";
import { STATUS_LABELS } from "~/modules/commitments/rules";
import { ENGAGEMENT_TYPE_LABELS } from "~/modules/engagement/engagement-types";
import { CATEGORY_LABELS, CHANNEL_LABELS, SEVERITY_LABELS } from "~/modules/grievances/labels";
import { RESOLUTION_LABELS, STAGE_LABELS } from "~/modules/grievances/stages";
import { projectToday, type CalendarDate } from "~/modules/calendar/today";
import { DUE_SOON_DAYS, PRIORITY_LABELS, type Priority } from "~/modules/next-action/priority";
import { customFieldName, exportFields, findExportField, type ExportField } from "./export-fields";
import type { ExportType } from "./export-types";
import type { ExportColumn, ExportMode } from "./export-modes";

export interface ExportQuery {
  text: string;
  values: unknown[];
  /** The field of each selected column c0, c1, … in order. */
  fields: ExportField[];
  /** Per column: whether it is a linked-record list handed over as one text, its items joined by LIST_JOIN. */
  joined: boolean[];
}

/**
 * The separator of a linked-record list's items in the one text the query hands over (docs/export.md#speed):
 * U+0001, which XML cannot carry, so the export would drop it from a value anyway (export-values.ts) and
 * the query removes it from each item first. One string per list instead of a PostgreSQL array that pg
 * parses character by character in JavaScript.
 */
export const LIST_JOIN = "\u0001";

/** string_agg of `value` (as text, LIST_JOIN removed) in `order`, items joined by LIST_JOIN; null when every item is null. */
const listAgg = (value: string, order: string) => `string_agg(replace((${value})::text, E'\\x01', ''), E'\\x01' order by ${order})`;

/** `tz()` and `today()` are the bound parameters of the project's time zone and today (each bound only when some column uses it). */
type Expr = (ctx: { tz: () => string; today: () => string }) => string;

const day =
  (column: string): Expr =>
  () =>
    `to_char(${column}, 'YYYY-MM-DD')`;
const local =
  (column: string): Expr =>
  ({ tz }) =>
    `to_char(${column} at time zone ${tz()}, 'YYYY-MM-DD HH24:MI:SS')`;
const plain =
  (column: string): Expr =>
  () =>
    column;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The record fields of a type (the catalogue's `source: "record"`): the snake_case column, plain, unless `special` says otherwise. */
function recordExpressions(type: ExportType, alias: string, special: Record<string, Expr>): Record<string, Expr> {
  const keys = exportFields(type)
    .filter((field) => field.source === "record")
    .map((field) => field.key);
  return Object.fromEntries(keys.map((key) => [key, special[key] ?? plain(`${alias}.${snake(key)}`)]));
}

/** A stakeholder's first phone number (imports put landholders' numbers in different columns). */
const firstPhone = (a: string) =>
  `coalesce(${["phone", "mobile", "mobile_phone", "cell_phone", "contact_phone", "business_phone", "home_phone"].map((c) => `nullif(btrim(${a}.${c}), '')`).join(", ")})`;
const volumeFolio = (a: string) => `nullif(concat_ws('/', nullif(btrim(${a}.volume), ''), nullif(btrim(${a}.folio), '')), '')`;
const lotPlan = (a: string) => `coalesce(nullif(btrim(${a}.lot_plan_line), ''), nullif(concat_ws('/', nullif(btrim(${a}.lot), ''), nullif(btrim(${a}.plan_number), '')), ''))`;
/** A property's custom field by any of these names (case-insensitive), e.g. the Parish an import created. */
const customByName = (a: string, names: readonly string[]) =>
  `(select cf.value from jsonb_each_text(case when jsonb_typeof(${a}.custom_fields) = 'object' then ${a}.custom_fields else '{}'::jsonb end) cf where lower(btrim(cf.key)) in (${names.map((n) => `'${n}'`).join(", ")}) and btrim(cf.value) <> '' limit 1)`;
const PARISH_NAMES = ["parish"] as const;
const LGA_NAMES = ["lga", "local government area", "council"] as const;

// ---------------------------------------------------------------------------------------------------
// Linked records
// ---------------------------------------------------------------------------------------------------

/** The properties of a stakeholder: owned (primary owner) or linked. */
const propertiesOf = (stakeholderId: string, projectId: string) =>
  `(select sp.property_id as id from stakeholder_property sp where sp.stakeholder_id = ${stakeholderId} union select po.id from property po where po.stakeholder_id = ${stakeholderId}) lid join property lp on lp.id = lid.id and lp.project_id = ${projectId}`;

/** Per linked property: the value to aggregate (ordered by address). */
const LINKED_PROPERTY_VALUES: Record<string, string> = {
  propertyAddresses: "lp.address",
  propertyVolumeFolios: volumeFolio("lp"),
  propertyLotPlans: lotPlan("lp"),
  propertyParishes: customByName("lp", PARISH_NAMES),
  propertyLgas: customByName("lp", LGA_NAMES),
};

function linkedPropertiesJoin(keys: readonly string[], stakeholderId: string, projectId: string): string {
  const aggregates = keys.map((key) => `${listAgg(LINKED_PROPERTY_VALUES[key]!, "lower(lp.address), lp.id")} as "${key}"`);
  return `left join lateral (select ${aggregates.join(", ")} from ${propertiesOf(stakeholderId, projectId)}) lprops on true`;
}

/** Per linked stakeholder of a property (alias ls): the value. */
const LINKED_STAKEHOLDER_VALUES: Record<string, string> = {
  stakeholderName: "ls.name",
  stakeholderAddress: "ls.address",
  stakeholderPhone: firstPhone("ls"),
  stakeholderEmail: "ls.email",
  stakeholderType: "ls.member_type",
  stakeholderCategory: "ls.stakeholder_category",
  stakeholderInfluence: "ls.influence_level",
  stakeholderIap2Level: "ls.iap2engagement_level",
  stakeholderLastContact: "ls.last_contact",
};

/** The stakeholders of a property: the primary owner first (prio 0), then the linked ones. */
const STAKEHOLDERS_OF_PROPERTY =
  "(select s.*, case when s.id = p.stakeholder_id then 0 else 1 end as prio" +
  " from (select sp.stakeholder_id as id from stakeholder_property sp where sp.property_id = p.id union select p.stakeholder_id where p.stakeholder_id is not null) sid" +
  // Joined by primary key: an index lookup per link, never a scan of the project's stakeholders per property.
  " join stakeholder s on s.id = sid.id and s.project_id = p.project_id)";
const LINK_ORDER = "ls.prio, lower(ls.name), ls.id";

function linkedStakeholdersJoin(keys: readonly string[], tz: () => string): string {
  const aggregates = keys.map((key) =>
    key === "stakeholderLastContact"
      ? `to_char(max(ls.last_contact) at time zone ${tz()}, 'YYYY-MM-DD HH24:MI:SS') as "${key}"`
      : `${listAgg(LINKED_STAKEHOLDER_VALUES[key]!, LINK_ORDER)} as "${key}"`,
  );
  return `left join lateral (select ${aggregates.join(", ")} from ${STAKEHOLDERS_OF_PROPERTY} ls) lstk on true`;
}

// ---------------------------------------------------------------------------------------------------
// The three exports
// ---------------------------------------------------------------------------------------------------

const STAKEHOLDER_RECORD = recordExpressions("stakeholders", "s", {
  iap2EngagementLevel: plain("s.iap2engagement_level"),
  lastContact: local("s.last_contact"),
  nextActionDueDate: day("s.next_action_due_date"),
  ...Object.fromEntries(
    [1, 2, 3].flatMap((n) => [
      [`address${n}Lat`, plain(`s.address${n}lat`)],
      [`address${n}Lng`, plain(`s.address${n}lng`)],
    ]),
  ),
  createdAt: local("s.created_at"),
  updatedAt: local("s.updated_at"),
});

/**
 * What the project's affected areas take of the property's parcels (docs/records.md#affected-areas): each
 * parcel's union of overlaps, summed, in hectares and as a share of the parcels' area; empty without parcels.
 */
const AFFECTED_HA = "round((paff.affected_m2 / 10000)::numeric, 4)";
const AFFECTED_PERCENT = "round((100 * paff.affected_m2 / nullif(paff.area_m2, 0))::numeric, 2)";
/** Both affected-area columns read one sum of the property's parcels (one index probe a row, not one per column). */
const AFFECTED_FIELDS = new Set(["affectedAreaHa", "affectedAreaPercent"]);
const AFFECTED_JOIN =
  "left join lateral (select sum(pc.affected_m2) as affected_m2, sum(pc.area_m2) as area_m2 from parcel pc where pc.property_id = p.id and pc.project_id = p.project_id) paff on true";

const PROPERTY_RECORD = recordExpressions("properties", "p", {
  affectedAreaHa: plain(AFFECTED_HA),
  affectedAreaPercent: plain(AFFECTED_PERCENT),
  hasLAA: plain("p.has_laa"),
  laaExpiryDate: day("p.laa_expiry_date"),
  nextActionDueDate: day("p.next_action_due_date"),
  lastSpatialUpdate: local("p.last_spatial_update"),
  boundaryGeoJSON: plain("p.boundary_geo_json"),
  accessRouteGeoJSON: plain("p.access_route_geo_json"),
  createdAt: local("p.created_at"),
  updatedAt: local("p.updated_at"),
});

const typeLabelCase = `case e.type ${ENGAGEMENT_TYPES.map((t) => `when '${t}' then '${ENGAGEMENT_TYPE_LABELS[t]}'`).join(" ")} else e.type end`;
const CHANNELS: Record<(typeof ENGAGEMENT_TYPES)[number], string> = {
  meeting: "In person",
  call: "Phone",
  email: "Email",
  event: "In person",
  site_visit: "In person",
  public_hearing: "In person",
  survey: "Survey",
  interview: "In person",
};
const channelCase = `case e.type ${ENGAGEMENT_TYPES.map((t) => `when '${t}' then '${CHANNELS[t]}'`).join(" ")} else e.type end`;

/** A jsonb list of texts joined with "; " (null when empty or not a list). */
const joinedList = (column: string) =>
  `nullif((select string_agg(btrim(item), '; ') from jsonb_array_elements_text(case when jsonb_typeof(${column}) = 'array' then ${column} else '[]'::jsonb end) item where btrim(item) <> ''), '')`;

/** docs/export.md#engagement-fields: the notes, then "Key topics: …" and "Attendees: …", one per line; null when all are empty. */
const DESCRIPTION = `nullif(concat_ws(E'\n', nullif(btrim(e.notes), ''), 'Key topics: ' || ${joinedList("e.key_topics")}, 'Attendees: ' || ${joinedList("e.attendees")}), '')`;

/**
 * docs/export.md#engagement-fields: the follow-up's next-action priority (docs/records.md#next-action) on the project's today,
 * as the screens' badge writes it ("P1 · Overdue"); empty when no follow-up is required.
 */
const priority: Expr = ({ tz, today }) => {
  const days = `((e.follow_up_date at time zone ${tz()})::date - ${today()})`;
  const label = (p: Priority) => `'P${p} · ${PRIORITY_LABELS[p]}'`;
  return `case when e.follow_up_required is not true then null when e.follow_up_date is null then ${label(4)} when ${days} < 0 then ${label(1)} when ${days} <= ${DUE_SOON_DAYS} then ${label(2)} else ${label(3)} end`;
};

const ENGAGEMENT_RECORD = recordExpressions("engagements", "e", {
  date: local("coalesce(e.completed_at, e.scheduled_at, e.created_at)"),
  engagement_type: plain(typeLabelCase),
  title: plain("e.subject"),
  outcome: plain("e.outcomes"),
  description: plain(DESCRIPTION),
  follow_up_date: ({ tz }) => `to_char(e.follow_up_date at time zone ${tz()}, 'YYYY-MM-DD')`,
  priority,
  status: plain(`case when e.completed_at is not null then 'Completed' else 'Scheduled' end`),
  communication_channel: plain(channelCase),
  scheduled_at: local("e.scheduled_at"),
  completed_at: local("e.completed_at"),
  recorded_by: plain(`(select coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) from "user" u where u.id = e.user_id)`),
  created_at: local("e.created_at"),
  updated_at: local("e.updated_at"),
});

const ENGAGEMENT_STAKEHOLDER: Record<string, Expr> = {
  stakeholder_name: plain("st.name"),
  stakeholder_phone: plain(firstPhone("st")),
  stakeholder_email: plain("st.email"),
  stakeholder_address: plain("st.address"),
};

/** An engagement's related property fields: the linked-property value each one aggregates. */
const ENGAGEMENT_PROPERTY: Record<string, string> = {
  related_volume_folios: "propertyVolumeFolios",
  property_addresses: "propertyAddresses",
  lot_plans: "propertyLotPlans",
  parishes: "propertyParishes",
  lgas: "propertyLgas",
};

// ---------------------------------------------------------------------------------------------------
// The grievance register and commitments (docs/export.md#grievance-and-commitment-fields)
// ---------------------------------------------------------------------------------------------------

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A stored enum value as the screens label it (the stored value when a label is missing). */
const labelled = (column: string, labels: Readonly<Record<string, string>>): Expr =>
  plain(
    `case ${column} ${Object.entries(labels)
      .map(([value, label]) => `when ${sqlText(value)} then ${sqlText(label)}`)
      .join(" ")} else ${column} end`,
  );
const userName = (column: string) => `(select coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) from "user" u where u.id = ${column})`;
const COMPLAINANT_KINDS = { stakeholder: "Stakeholder", person: "Named person", anonymous: "Anonymous" } as const;

/** Alias g; its stakeholder gs and property gp are left-joined (one each at most). */
const GRIEVANCE_RECORD: Record<string, Expr> = {
  ...recordExpressions("grievances", "g", {
    receivedAt: local("g.received_at"),
    channel: labelled("g.channel", CHANNEL_LABELS),
    complainantKind: labelled("g.complainant_kind", COMPLAINANT_KINDS),
    category: labelled("g.category", CATEGORY_LABELS),
    severity: labelled("g.severity", SEVERITY_LABELS),
    stage: labelled("g.stage", STAGE_LABELS),
    owner: plain(userName("g.owner_id")),
    acknowledgeBy: day("g.acknowledge_by"),
    resolveBy: day("g.resolve_by"),
    acknowledgedAt: local("g.acknowledged_at"),
    resolvedAt: local("g.resolved_at"),
    closedAt: local("g.closed_at"),
    escalatedAt: local("g.escalated_at"),
    referredAt: day("g.referred_at"),
    resolution: labelled("g.resolution", RESOLUTION_LABELS),
    complainantToldOn: day("g.complainant_told_on"),
    createdAt: local("g.created_at"),
    updatedAt: local("g.updated_at"),
  }),
  complainant: plain(`case g.complainant_kind when 'anonymous' then 'Anonymous' else coalesce(gs.name, g.complainant_name) end`),
  stakeholderName: plain("gs.name"),
  propertyAddress: plain("gp.address"),
  propertyVolumeFolio: plain(volumeFolio("gp")),
};

/** Alias c. Its stakeholders and properties are each one list (LIST_JOIN), by name and by address. */
const COMMITMENT_RECORD: Record<string, Expr> = {
  ...recordExpressions("commitments", "c", {
    promisedOn: day("c.promised_on"),
    dueDate: day("c.due_date"),
    status: labelled("c.status", STATUS_LABELS),
    // docs/records.md#commitments: still open or in progress and today is after the due date.
    overdue: ({ today }) => `(c.status in ('open', 'in_progress') and c.due_date is not null and c.due_date < ${today()})`,
    owner: plain(userName("c.owner_id")),
    fulfilledOn: day("c.fulfilled_on"),
    createdAt: local("c.created_at"),
    updatedAt: local("c.updated_at"),
  }),
  stakeholders: plain(
    `(select ${listAgg("ls.name", "lower(ls.name), ls.id")} from commitment_stakeholder cs join stakeholder ls on ls.id = cs.stakeholder_id and ls.project_id = c.project_id where cs.commitment_id = c.id)`,
  ),
  properties: plain(
    `(select ${listAgg("lp.address", "lower(lp.address), lp.id")} from commitment_property cp join property lp on lp.id = cp.property_id and lp.project_id = c.project_id where cp.commitment_id = c.id)`,
  ),
  engagement: ({ tz }) =>
    `(select nullif(concat_ws(' · ', nullif(btrim(ce.subject), ''), to_char(coalesce(ce.completed_at, ce.scheduled_at, ce.created_at) at time zone ${tz()}, 'DD/MM/YYYY')), '') from engagement ce where ce.id = c.engagement_id and ce.project_id = c.project_id)`,
};
/** The commitment columns handed over as LIST_JOIN-joined lists. */
const COMMITMENT_LISTS = new Set(["stakeholders", "properties"]);

/** Every key of the field catalogue with its expression (a unit test holds the two together). */
export const EXPRESSION_KEYS: Record<ExportType, readonly string[]> = {
  stakeholders: [...Object.keys(STAKEHOLDER_RECORD), ...Object.keys(LINKED_PROPERTY_VALUES).filter((k) => k === "propertyAddresses" || k === "propertyVolumeFolios")],
  properties: [...Object.keys(PROPERTY_RECORD), ...Object.keys(LINKED_STAKEHOLDER_VALUES)],
  engagements: [...Object.keys(ENGAGEMENT_RECORD), ...Object.keys(ENGAGEMENT_STAKEHOLDER), ...Object.keys(ENGAGEMENT_PROPERTY)],
  grievances: Object.keys(GRIEVANCE_RECORD),
  commitments: Object.keys(COMMITMENT_RECORD),
};

const ALIAS: Record<ExportType, string> = { stakeholders: "s", properties: "p", engagements: "e", grievances: "g", commitments: "c" };
const RECORD: Record<ExportType, Record<string, Expr>> = {
  stakeholders: STAKEHOLDER_RECORD,
  properties: PROPERTY_RECORD,
  engagements: ENGAGEMENT_RECORD,
  grievances: GRIEVANCE_RECORD,
  commitments: COMMITMENT_RECORD,
};
const TABLE: Record<ExportType, string> = { stakeholders: "stakeholder", properties: "property", engagements: "engagement", grievances: "grievance", commitments: "commitment" };

/**
 * The SELECT for one export. $1 is the project id; the project's time zone, its today (the day the file is
 * named for) and custom-field names follow as they are needed. Property + Stakeholder joins one row per linked stakeholder instead of aggregating them.
 */
export function buildExportQuery(type: ExportType, mode: ExportMode, columns: readonly ExportColumn[], projectId: number, timeZone: string, today: CalendarDate = projectToday(timeZone)): ExportQuery {
  const values: unknown[] = [projectId];
  let tzParameter = 0;
  const tz = () => {
    if (!tzParameter) tzParameter = values.push(timeZone);
    return `$${tzParameter}::text`;
  };
  let todayParameter = 0;
  const todayDate = () => {
    if (!todayParameter) todayParameter = values.push(today);
    return `$${todayParameter}::date`;
  };
  const ctx = { tz, today: todayDate };
  const fields: ExportField[] = [];
  const joined: boolean[] = [];
  const select: string[] = [];
  const linked = new Set<string>();
  const alias = ALIAS[type];
  const record = RECORD[type];
  const perLink = type === "properties" && mode === "property-stakeholder";

  for (const column of columns) {
    const field = findExportField(type, column.dbField);
    if (!field) throw new RangeError(`Unknown ${type} field: ${column.dbField}`);
    let expression: string;
    let isJoined = false;
    const custom = customFieldName(field.key);
    if (custom !== null) {
      values.push(custom);
      expression = `${alias}.custom_fields -> $${values.length}::text`;
    } else if (record[field.key]) {
      expression = record[field.key]!(ctx);
      isJoined = type === "commitments" && COMMITMENT_LISTS.has(field.key);
    } else if (type === "engagements" && ENGAGEMENT_STAKEHOLDER[field.key]) expression = ENGAGEMENT_STAKEHOLDER[field.key]!(ctx);
    else if (type === "engagements") {
      const linkedKey = ENGAGEMENT_PROPERTY[field.key]!;
      linked.add(linkedKey);
      expression = `lprops."${linkedKey}"`;
      isJoined = true;
    } else if (type === "properties" && perLink) {
      expression = field.key === "stakeholderLastContact" ? local("ls.last_contact")(ctx) : LINKED_STAKEHOLDER_VALUES[field.key]!;
      linked.add(field.key);
    } else {
      linked.add(field.key);
      expression = `${type === "properties" ? "lstk" : "lprops"}."${field.key}"`;
      isJoined = field.key !== "stakeholderLastContact";
    }
    fields.push(field);
    joined.push(isJoined);
    select.push(`${expression} as c${select.length}`);
  }

  const joins: string[] = [];
  let order: string;
  if (type === "stakeholders") {
    if (linked.size) joins.push(linkedPropertiesJoin([...linked], "s.id", "s.project_id"));
    order = "lower(s.name), s.id";
  } else if (type === "properties") {
    if (fields.some((field) => AFFECTED_FIELDS.has(field.key))) joins.push(AFFECTED_JOIN);
    if (perLink) joins.push(`left join lateral ${STAKEHOLDERS_OF_PROPERTY} ls on true`);
    else if (linked.size) joins.push(linkedStakeholdersJoin([...linked], tz));
    order = perLink ? `lower(p.address), p.id, ${LINK_ORDER}` : "lower(p.address), p.id";
  } else if (type === "engagements") {
    joins.push("join stakeholder st on st.id = e.stakeholder_id and st.project_id = e.project_id");
    if (linked.size) joins.push(linkedPropertiesJoin([...linked], "e.stakeholder_id", "e.project_id"));
    order = "coalesce(e.completed_at, e.scheduled_at, e.created_at), e.id";
  } else if (type === "grievances") {
    // One stakeholder and one property at most: plain joins by primary key, kept to the project.
    joins.push("left join stakeholder gs on gs.id = g.stakeholder_id and gs.project_id = g.project_id", "left join property gp on gp.id = g.property_id and gp.project_id = g.project_id");
    order = "g.received_at, g.id";
  } else order = "c.promised_on, c.id";
  const text = `select ${select.join(", ")} from ${TABLE[type]} ${alias} ${joins.join(" ")} where ${alias}.project_id = $1 order by ${order}`;
  return { text, values, fields, joined };
}

/** The names of the custom fields a project's stakeholders or properties carry (for all-fields). */
export function customFieldNamesQuery(type: "stakeholders" | "properties"): string {
  const table = type === "stakeholders" ? "stakeholder" : "property";
  return `select distinct k.key collate "C" as key from ${table} t cross join lateral jsonb_object_keys(case when jsonb_typeof(t.custom_fields) = 'object' then t.custom_fields else '{}'::jsonb end) k(key) where t.project_id = $1 order by k.key collate "C" limit 500`;
}
