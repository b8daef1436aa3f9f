import type { EntityManager, RequiredEntityData } from "@mikro-orm/postgresql";
import {
  Client,
  Engagement,
  Project,
  ProjectMembership,
  Property,
  Stakeholder,
  StakeholderProperty,
  User,
  type IClient,
  type IProject,
  type IProperty,
  type IStakeholder,
  type IUser,
} from "../entities/index";
import { SEEDED_ACCOUNTS } from "./seeded-accounts";

/** Serialises concurrent first starts of several app servers (pg_advisory_xact_lock key). */
const DEMO_SEED_LOCK = 7_340_001;
const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = "Australia/Sydney";

/** An instant `days` from now (negative for the past). */
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
/** A calendar date (YYYY-MM-DD) `days` from today in the product's default zone. */
const dateFromToday = (days: number) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(daysFromNow(days));

type StakeholderSeed = Omit<RequiredEntityData<IStakeholder>, "user" | "project" | "nextActionDueDate"> & {
  /** Days from today; undefined means no due date. */
  dueInDays?: number;
};
type PropertySeed = Omit<RequiredEntityData<IProperty>, "project" | "stakeholder" | "nextActionDueDate" | "laaExpiryDate"> & {
  owner?: string;
  dueInDays?: number;
  laaExpiresInDays?: number;
};

/**
 * Creates the demo data set for the seeded sign-in accounts: two clients, a user per seeded
 * account, three projects, and realistic records whose due dates and LAA expiries are relative
 * to now (so overdue, due-soon and expiring states always show). Does nothing and returns false
 * when any client exists, so it is safe to call on every start.
 */
export async function seedDemoData(em: EntityManager): Promise<boolean> {
  return em.transactional(async (tx) => {
    await tx.execute("select pg_advisory_xact_lock(?)", [DEMO_SEED_LOCK]);
    if ((await tx.count(Client, {})) > 0) return false;

    const demo = tx.create(Client, {
      name: "Demo Land Consultancy",
      domain: "demo-consultancy.local",
      billingEmail: "owner@demo-consultancy.local",
      // Still the free plan, but allowed enough projects to show switching between two.
      maxProjects: 5,
    });
    const second = tx.create(Client, {
      name: "Second Client Pty Ltd",
      domain: "second-client.local",
      billingEmail: "owner@second-client.local",
    });
    // A client that has just signed up: no projects yet, so its owner sees "Create Your First Project".
    const fresh = tx.create(Client, {
      name: "New Client Pty Ltd",
      domain: "new-client.local",
      billingEmail: "owner@new-client.local",
    });

    const users = new Map<string, IUser>();
    for (const account of SEEDED_ACCOUNTS) {
      const client = account.client ? { demo, second, fresh }[account.client] : null;
      users.set(
        account.id,
        tx.create(User, {
          id: account.id,
          email: account.login,
          firstName: account.firstName,
          lastName: account.lastName,
          systemRole: account.role,
          client,
        }),
      );
    }
    const user = (id: string) => users.get(id) ?? raise(`Seeded account ${id} is missing`);
    const owner = user("seed-client-owner");

    const pipeline = createProject(tx, demo, owner, "Western Pipeline Stage 2", "Demo Land Consultancy — Land Access");
    const transmission = createProject(tx, demo, owner, "Northern Transmission Line", "Demo Land Consultancy — Community Engagement");
    const coastal = createProject(tx, second, user("seed-second-owner"), "Coastal Road Upgrade", "Second Client Pty Ltd — Land Access");

    for (const id of ["seed-project-manager", "seed-officer", "seed-viewer"]) {
      const member = user(id);
      const isManager = member.systemRole === "project_manager";
      tx.create(ProjectMembership, {
        user: member,
        project: pipeline,
        role: member.systemRole,
        canCreateProjects: isManager,
        canManageUsers: isManager,
      });
    }

    const officer = user("seed-officer");
    const manager = user("seed-project-manager");
    const people = createStakeholders(tx, pipeline, officer, PIPELINE_STAKEHOLDERS);
    const parcels = createProperties(tx, pipeline, people, PIPELINE_PROPERTIES);
    for (const [person, address] of PIPELINE_LINKS) {
      tx.create(StakeholderProperty, { stakeholder: people(person), property: parcels(address), project: pipeline });
    }
    createEngagements(tx, pipeline, people, officer, manager);

    createStakeholders(tx, transmission, owner, TRANSMISSION_STAKEHOLDERS);

    const coastalPeople = createStakeholders(tx, coastal, user("seed-second-owner"), COASTAL_STAKEHOLDERS);
    const coastalParcels = createProperties(tx, coastal, coastalPeople, COASTAL_PROPERTIES);
    tx.create(StakeholderProperty, {
      stakeholder: coastalPeople("Peter Lindqvist"),
      property: coastalParcels("14 Great Ocean Road, Apollo Bay VIC 3233"),
      project: coastal,
    });
    return true;
  });
}

function raise(message: string): never {
  throw new Error(message);
}

function createProject(tx: EntityManager, client: IClient, owner: IUser, name: string, description: string) {
  return tx.create(Project, {
    name,
    description,
    client,
    owner,
    settings: { allowPublicView: false, requireApproval: true, defaultTimezone: ZONE },
    // Part 1 (start-up) is complete once a project exists.
    startupCompletedAt: daysFromNow(-60),
    startupCompletedBy: `${owner.firstName} ${owner.lastName}`,
  });
}

/** Creates the stakeholders and returns a lookup by name. */
function createStakeholders(tx: EntityManager, project: IProject, user: IUser, seeds: StakeholderSeed[]) {
  const byName = new Map<string, IStakeholder>();
  for (const { dueInDays, ...data } of seeds) {
    const nextActionDueDate = dueInDays === undefined ? null : dateFromToday(dueInDays);
    byName.set(data.name, tx.create(Stakeholder, { ...data, user, project, nextActionDueDate }));
  }
  return (name: string) => byName.get(name) ?? raise(`Unknown seeded stakeholder ${name}`);
}

/** Creates the properties and returns a lookup by address. */
function createProperties(tx: EntityManager, project: IProject, people: (name: string) => IStakeholder, seeds: PropertySeed[]) {
  const byAddress = new Map<string, IProperty>();
  for (const { owner, dueInDays, laaExpiresInDays, ...data } of seeds) {
    const property = tx.create(Property, {
      ...data,
      project,
      stakeholder: owner ? people(owner) : null,
      propertyAddress: data.address,
      nextActionDueDate: dueInDays === undefined ? null : dateFromToday(dueInDays),
      laaExpiryDate: laaExpiresInDays === undefined ? null : dateFromToday(laaExpiresInDays),
    });
    byAddress.set(data.address, property);
  }
  return (address: string) => byAddress.get(address) ?? raise(`Unknown seeded property ${address}`);
}

function createEngagements(tx: EntityManager, project: IProject, people: (name: string) => IStakeholder, officer: IUser, manager: IUser) {
  const common = { project, timezone: ZONE };
  tx.create(Engagement, {
    ...common,
    stakeholder: people("Margaret Ellis"),
    user: manager,
    type: "meeting",
    subject: "Initial land access discussion",
    location: "Homestead, 1480 Western Highway, Beaufort",
    attendees: ["Margaret Ellis", "Priya Manager", "Oscar Officer"],
    keyTopics: ["Survey access", "Stock movements", "Compensation"],
    outcomes: "Agreed in principle to survey access; wants stock moved before crews enter.",
    followUpRequired: true,
    followUpDate: daysFromNow(-5),
    scheduledAt: daysFromNow(-30),
    completedAt: daysFromNow(-30),
  });
  tx.create(Engagement, {
    ...common,
    stakeholder: people("Ellis Pastoral Co Pty Ltd"),
    user: manager,
    type: "call",
    subject: "Draft land access agreement terms",
    keyTopics: ["LAA term", "Gate locations"],
    outcomes: "Requested a 24-month term and a second gate on the eastern boundary.",
    completedAt: daysFromNow(-7),
  });
  tx.create(Engagement, {
    ...common,
    stakeholder: people("Tom Nguyen"),
    user: officer,
    type: "email",
    subject: "Compensation schedule sent",
    outcomes: "Schedule and valuation method sent; awaiting questions.",
    completedAt: daysFromNow(-3),
  });
  tx.create(Engagement, {
    ...common,
    stakeholder: people("Beaufort Landcare Group"),
    user: officer,
    type: "event",
    subject: "Community information session",
    location: "Beaufort Community Hall, 5 Lawrence Street",
    keyTopics: ["Route map", "Vegetation offsets", "Construction timing"],
    scheduledAt: daysFromNow(10),
  });
  tx.create(Engagement, {
    ...common,
    stakeholder: people("Greg & Lisa Ferraro"),
    user: officer,
    type: "site_visit",
    subject: "Gate and access track inspection",
    location: "77 Main Lead Road, Waterloo",
    attendees: ["Greg Ferraro", "Oscar Officer"],
    outcomes: "Preferred gate on the northern fence line; track needs gravel after rain.",
    followUpRequired: true,
    followUpDate: daysFromNow(2),
    completedAt: daysFromNow(-14),
  });
  people("Margaret Ellis").lastContact = daysFromNow(-30);
  people("Ellis Pastoral Co Pty Ltd").lastContact = daysFromNow(-7);
  people("Tom Nguyen").lastContact = daysFromNow(-3);
  people("Greg & Lisa Ferraro").lastContact = daysFromNow(-14);
}

const PIPELINE_STAKEHOLDERS: StakeholderSeed[] = [
  {
    name: "Margaret Ellis",
    memberType: "Individual",
    stakeholderCategory: "Resident",
    influenceLevel: "High",
    iap2EngagementLevel: "Collaborate",
    email: "margaret.ellis@example.com.au",
    phone: "0412 345 678",
    address: "1480 Western Highway, Beaufort VIC 3373",
    latitude: -37.4321,
    longitude: 143.3712,
    isProjectPropertyOwner: true,
    nextAction: "Confirm access route for the survey crew",
    dueInDays: -5,
    customFields: { Parish: "Beaufort", LGA: "Pyrenees Shire" },
  },
  {
    name: "Ellis Pastoral Co Pty Ltd",
    companyName: "Ellis Pastoral Co Pty Ltd",
    memberType: "Business",
    stakeholderCategory: "Business Owner",
    influenceLevel: "High",
    iap2EngagementLevel: "Involve",
    email: "accounts@ellispastoral.example.com.au",
    businessPhone: "03 5349 2211",
    phone: "03 5349 2211",
    address: "PO Box 42, Beaufort VIC 3373",
    isProjectPropertyOwner: true,
    nextAction: "Send draft land access agreement",
    dueInDays: 3,
  },
  {
    name: "Tom Nguyen",
    memberType: "Individual",
    stakeholderCategory: "Resident",
    influenceLevel: "Medium",
    iap2EngagementLevel: "Consult",
    email: "tom.nguyen@example.com",
    mobile: "0433 219 870",
    phone: "0433 219 870",
    address: "22 Lake Road, Buangor VIC 3375",
    isProjectPropertyOwner: true,
    nextAction: "Follow up on compensation query",
    dueInDays: 20,
    customFields: { LGA: "Ararat Rural City", "Preferred contact": "SMS" },
  },
  {
    name: "Pyrenees Shire Council",
    memberType: "Government",
    stakeholderCategory: "Local Official",
    influenceLevel: "High",
    iap2EngagementLevel: "Involve",
    email: "planning@pyrenees.example.gov.au",
    phone: "03 5349 1100",
    address: "5 Lawrence Street, Beaufort VIC 3373",
  },
  {
    name: "Beaufort Landcare Group",
    memberType: "Organization",
    stakeholderCategory: "Community Leader",
    influenceLevel: "Medium",
    iap2EngagementLevel: "Consult",
    email: "secretary@beaufortlandcare.example.org.au",
    address: "Beaufort Community Hall, 5 Lawrence Street, Beaufort VIC 3373",
    nextAction: "Invite to the community information session",
    dueInDays: 1,
  },
  {
    name: "Aroha Walker",
    memberType: "Individual",
    stakeholderCategory: "Resident",
    influenceLevel: "Low",
    iap2EngagementLevel: "Inform",
    homePhone: "03 5352 4410",
    phone: "03 5352 4410",
    address: "310 Racecourse Road, Ararat VIC 3377",
    notes: "Leases the grazing paddock on Racecourse Road.",
  },
  {
    name: "Greg & Lisa Ferraro",
    memberType: "Individual",
    stakeholderCategory: "Resident",
    influenceLevel: "Medium",
    iap2EngagementLevel: "Involve",
    email: "ferraro.farm@example.com.au",
    phone: "0407 118 552",
    address: "77 Main Lead Road, Waterloo VIC 3373",
    isProjectPropertyOwner: true,
    nextAction: "Agree the gate location",
    dueInDays: -12,
    customFields: { Parish: "Waterloo", Livestock: "Merino sheep" },
  },
  {
    name: "Western Grain Holdings Pty Ltd",
    companyName: "Western Grain Holdings Pty Ltd",
    memberType: "Business",
    stakeholderCategory: "Investor",
    influenceLevel: "Medium",
    iap2EngagementLevel: "Consult",
    email: "property@westerngrain.example.com.au",
    businessPhone: "03 9614 2200",
    phone: "03 9614 2200",
    address: "Level 3, 120 Collins Street, Melbourne VIC 3000",
    isProjectPropertyOwner: true,
    nextAction: "Provide the construction timeline",
    dueInDays: 45,
  },
];

const PIPELINE_PROPERTIES: PropertySeed[] = [
  {
    address: "1480 Western Highway, Beaufort VIC 3373",
    owner: "Margaret Ellis",
    volume: "10234",
    folio: "512",
    lot: "1",
    planNumber: "PS412345",
    lotPlanLine: "Lot 1 on Plan of Subdivision 412345",
    titleType: "FREEHOLD",
    proprietors: ["Margaret Anne Ellis"],
    proprietor: "Margaret Anne Ellis",
    area: "48.6 ha",
    zoning: "Farming Zone",
    estimatedValue: 1_850_000,
    latitude: -37.4321,
    longitude: 143.3712,
    hasLAA: true,
    laaExpiresInDays: -10,
    laaDetails: "Survey access only; renewal under negotiation.",
  },
  {
    address: "Lot 2 Western Highway, Beaufort VIC 3373",
    owner: "Ellis Pastoral Co Pty Ltd",
    volume: "10234",
    folio: "513",
    lot: "2",
    planNumber: "PS412345",
    lotPlanLine: "Lot 2 on Plan of Subdivision 412345",
    titleType: "FREEHOLD",
    proprietors: ["Ellis Pastoral Co Pty Ltd"],
    area: "112.0 ha",
    zoning: "Farming Zone",
    hasLAA: true,
    laaExpiresInDays: 14,
    laaDetails: "Construction access, 12 months, two gates.",
    nextAction: "Renew land access agreement",
    dueInDays: 7,
  },
  {
    address: "22 Lake Road, Buangor VIC 3375",
    owner: "Tom Nguyen",
    volume: "9876",
    folio: "101",
    lotPlanLine: "Crown Allotment 14 Section 3 Parish of Buangor",
    titleType: "CoT",
    proprietors: ["Tom Nguyen", "Mai Nguyen"],
    area: "16.2 ha",
    estimatedValue: 640_000,
    taxAssessedValue: 598_500.5,
    hasLAA: true,
    laaExpiresInDays: 200,
    laaDetails: "Easement option signed.",
    nextAction: "Arrange independent valuation",
    dueInDays: 6,
  },
  {
    address: "77 Main Lead Road, Waterloo VIC 3373",
    owner: "Greg & Lisa Ferraro",
    volume: "11002",
    folio: "876",
    lot: "1",
    planNumber: "TP845612",
    lotPlanLine: "Lot 1 on Title Plan 845612",
    titleType: "FREEHOLD",
    proprietors: ["Gregory Ferraro", "Lisa Ferraro"],
    area: "64.3 ha",
    encumbrances: "Mortgage AB123456C",
    nextAction: "Site inspection with the landholders",
    dueInDays: -2,
  },
  {
    address: "Racecourse Road, Ararat VIC 3377",
    owner: "Western Grain Holdings Pty Ltd",
    volume: "8765",
    folio: "432",
    lot: "3",
    planNumber: "LP98765",
    lotPlanLine: "Lot 3 on Plan of Subdivision 098765",
    titleType: "FREEHOLD",
    proprietors: ["Western Grain Holdings Pty Ltd"],
    area: "205.8 ha",
    tenancyType: "Sole proprietor",
    propertyUse: "Cropping",
  },
  {
    // Imported from a title search; no owner recorded yet.
    address: "Old Beaufort Road, Beaufort VIC 3373",
    volume: "12001",
    folio: "045",
    lot: "4",
    planNumber: "PS412345",
    lotPlanLine: "Lot 4 on Plan of Subdivision 412345",
    titleType: "FREEHOLD",
    proprietors: ["Estate of the late John Robert Ellis"],
    area: "8.1 ha",
    notes: "Estate; executor not yet identified.",
  },
];

const PIPELINE_LINKS: [string, string][] = [
  ["Margaret Ellis", "1480 Western Highway, Beaufort VIC 3373"],
  ["Margaret Ellis", "Lot 2 Western Highway, Beaufort VIC 3373"],
  ["Margaret Ellis", "Old Beaufort Road, Beaufort VIC 3373"],
  ["Ellis Pastoral Co Pty Ltd", "Lot 2 Western Highway, Beaufort VIC 3373"],
  ["Tom Nguyen", "22 Lake Road, Buangor VIC 3375"],
  ["Greg & Lisa Ferraro", "77 Main Lead Road, Waterloo VIC 3373"],
  ["Western Grain Holdings Pty Ltd", "Racecourse Road, Ararat VIC 3377"],
  ["Aroha Walker", "Racecourse Road, Ararat VIC 3377"],
];

const TRANSMISSION_STAKEHOLDERS: StakeholderSeed[] = [
  {
    name: "Northern Grampians Shire Council",
    memberType: "Government",
    stakeholderCategory: "Local Official",
    influenceLevel: "High",
    iap2EngagementLevel: "Involve",
    phone: "03 5358 8700",
    address: "59–69 Main Street, Stawell VIC 3380",
    nextAction: "Brief councillors on the corridor options",
    dueInDays: 4,
  },
  {
    name: "Helen Fraser",
    memberType: "Individual",
    stakeholderCategory: "Resident",
    influenceLevel: "Medium",
    iap2EngagementLevel: "Consult",
    email: "helen.fraser@example.com",
    phone: "0428 765 019",
    address: "1025 Halls Gap Road, Stawell VIC 3380",
  },
];

const COASTAL_STAKEHOLDERS: StakeholderSeed[] = [
  {
    name: "Peter Lindqvist",
    memberType: "Individual",
    stakeholderCategory: "Resident",
    influenceLevel: "Medium",
    iap2EngagementLevel: "Consult",
    email: "peter.lindqvist@example.com",
    phone: "0419 552 731",
    address: "14 Great Ocean Road, Apollo Bay VIC 3233",
    isProjectPropertyOwner: true,
    nextAction: "Discuss driveway relocation",
    dueInDays: 5,
  },
  {
    name: "Apollo Bay Traders Association",
    memberType: "Organization",
    stakeholderCategory: "Community Leader",
    influenceLevel: "High",
    iap2EngagementLevel: "Involve",
    email: "hello@apollobaytraders.example.org.au",
    address: "PO Box 18, Apollo Bay VIC 3233",
  },
];

const COASTAL_PROPERTIES: PropertySeed[] = [
  {
    address: "14 Great Ocean Road, Apollo Bay VIC 3233",
    owner: "Peter Lindqvist",
    volume: "9512",
    folio: "220",
    lot: "5",
    planNumber: "LP31244",
    lotPlanLine: "Lot 5 on Plan of Subdivision 031244",
    titleType: "FREEHOLD",
    proprietors: ["Peter Lindqvist"],
    area: "812 m2",
    zoning: "Township Zone",
  },
];
