import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { APP_DIR, routeManifest } from "./support/route-manifest";
import { Project } from "../../db/entities/index";
import { db, getOrm } from "../../db/orm";
import { recordEngagement } from "../../app/modules/engagement/engagement.server";
import { EngagementSchema } from "../../app/modules/engagement/schemas";
import { createGrievance } from "../../app/modules/grievances/grievance.server";
import { attachToGrievance } from "../../app/modules/grievances/grievance-links.server";
import { GrievanceSchema } from "../../app/modules/grievances/schemas";
import { createDocument } from "../../app/modules/document/document.server";
import { newObjectKey } from "../../app/modules/document/upload.server";
import { setStakeholderProperties } from "../../app/modules/links/links.server";
import { createProperty } from "../../app/modules/property/property.server";
import { createCommitment } from "../../app/modules/commitments/commitment.server";
import { CommitmentFormSchema, type CommitmentInput } from "../../app/modules/commitments/schemas";
import { PropertyFormSchema } from "../../app/modules/property/schemas";
import { createStakeholder } from "../../app/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "../../app/modules/stakeholder/schemas";
import { getObjectStore, setObjectStore } from "../../app/modules/storage/index.server";
import { createTemplate } from "../../app/modules/template/template.server";
import { receiveInboundMessage } from "../../app/modules/inbound-mail/receive.server";
import { processInboundMessage } from "../../app/modules/inbound-mail/process.server";
import { projectInboundAddress } from "../../app/modules/inbound-mail/settings.server";
import { createRestorePoint } from "../../app/modules/database-management/restore-points.server";
import { parseUpload } from "../../app/modules/import/staging.server";
import { startImport, waitForImport } from "../../app/modules/import/imports.server";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { hasPermission } from "../../app/modules/permissions/permissions";
import { useTestDatabase } from "../setup/test-database";
import { accessFor, callRoute, inContext, projectId, URL_BASE, userFor } from "./stakeholder-helpers";
import { multipartRequest, PDF } from "./support/uploads";

/**
 * The cross-tenant matrix (docs/access.md#tenancy). Every route that takes a record id (a dynamic
 * URL segment, a panel query such as ?edit=, or an id in the form or JSON body) is listed here with a
 * request for each method it answers. For each: another client's id is 404 (with the user's own
 * project, in the session or in ?projectId=, and with the other client's project), a viewer's write
 * is 403, and in both cases nothing in the database changes. A positive control (the owner on their
 * own record) proves each request is well formed. The route manifest is read the way Remix reads it,
 * so a route added later fails here until it is added to the matrix.
 */

// ---------------------------------------------------------------------------------------------------
// The route manifest
// ---------------------------------------------------------------------------------------------------

const dynamicSegments = (urlPath: string) => urlPath.split("/").filter((s) => s.startsWith(":"));

// ---------------------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------------------

type Kind =
  | "stakeholder"
  | "property"
  | "engagement"
  | "commitment"
  | "grievance"
  | "affectedArea"
  | "document"
  | "template"
  | "group"
  | "project"
  | "phases"
  | "import"
  | "duplicate"
  | "user"
  | "member"
  | "restorePoint"
  | "invitation"
  // System-admin-only routes: a client organisation (the owner's own, or the other client), a fresh project
  // that may be moved, and a fresh client with room for it (the migration's target).
  | "client"
  | "movableProject"
  | "targetClient"
  // A stakeholder (or property) with one link, whose partner the request names to remove that link.
  | "linkedStakeholder"
  | "linkedProperty"
  // A grievance with one engagement (or document) attached, whose id the request names to remove it.
  | "attachedEngagement"
  | "attachedDocument"
  // A message from a stranger waiting in the project's Mail inbox (docs/inbound-mail.md#review).
  | "inboundMessage";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type ProjectIn = "session" | "query" | "body" | "none";
type Fields = Record<string, string | number | (string | number)[]>;

interface Ctx {
  /** The record in the id slot (URL segment, ?panel=, or the form's id field). */
  id: number | string;
  /** A second record the request names (the ids to link, an upload's stakeholder). */
  secondary: number | string;
}

interface Req {
  query?: Record<string, string | number>;
  json?: Fields;
  form?: Fields;
  multipart?: Fields;
}

interface Op {
  label: string;
  method: Method;
  /** Changes data: a viewer must get 403 and the owner's request must change something. */
  write: boolean;
  /** The permission a write needs (editData unless it deletes). */
  permission?: "editData" | "deleteData" | "importData" | "createProjects" | "manageUsers" | "manageMembers";
  target: Kind | null;
  secondary?: Kind;
  build: (ctx: Ctx) => Req;
  /** The screen's own answer to a foreign id when it is not a plain 404. */
  foreignStatus?: number;
  /** The owner's request on their own record (reads: 200). */
  okStatus?: number;
  /** Admin-only entries: statuses besides 400/404/422 that a malformed id may get (a GET form's inline error is 200). */
  malformedStatus?: number[];
}

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown> | unknown;
type RouteModule = { loader?: RouteFn; action?: RouteFn };

interface Entry {
  module: () => Promise<RouteModule>;
  /** Page routes resolve the project from the session or ?projectId=; /api routes from ?projectId= or the body. */
  kind: "api" | "page";
  /** False when the id is the project itself (no ?projectId= variants). */
  projectScoped?: boolean;
  /**
   * System admins only (they manage every client, so no id is "another client's" to them): the admin's
   * request works on either client's record, and every other role, the other client's owner included,
   * is refused (403, or 404) on both, with nothing changed. Such entries are not project-scoped.
   */
  adminOnly?: boolean;
  ops: Op[];
}

const get = (label: string, target: Kind, query: (c: Ctx) => Record<string, string | number> = () => ({})): Op => ({ label, method: "GET", write: false, target, build: (c) => ({ query: query(c) }) });
const remove = (target: Kind): Op => ({ label: "DELETE", method: "DELETE", write: true, permission: "deleteData", target, build: () => ({}) });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** Saving a phase form's progress: repeatable (a submit completes the phase once), and each save keeps new answers. */
const savePhase = (body: "form" | "json"): Op => ({
  label: "POST save progress",
  method: "POST",
  write: true,
  permission: "createProjects",
  target: "phases",
  build: () => ({ [body]: { intent: "save", clientHandover: "yes", deliverablesConfirmed: "yes", additionalComments: `Matrix ${unique()}` } }),
});

/** Saving the grievance clock (docs/records.md#grievance-clock-settings): each save sends a new number, so it changes something. */
let clockSaves = 0;
const saveClock = (method: "PUT" | "POST", body: "form" | "json"): Op => ({
  label: `${method} grievance clock`,
  method,
  write: true,
  permission: "createProjects",
  target: "phases",
  build: () => ({ [body]: { grievanceJurisdiction: "VIC", grievanceAcknowledgeDays: (clockSaves++ % 90) + 1, grievanceResolveDays: 30 } }),
});

/** Saving the inbound e-mail settings (docs/inbound-mail.md#project-settings): each save lists a new domain, so it changes something. */
const saveInbound = (method: "PUT" | "POST", body: "form" | "json"): Op => ({
  label: `${method} inbound e-mail settings`,
  method,
  write: true,
  permission: "manageMembers",
  target: "phases",
  build: () => ({ [body]: { allowedDomains: `matrix-${unique()}.example`, blockedDomains: "", confirmReply: "false" } }),
});

/** The other end of each linkedStakeholder / linkedProperty record's one link. */
const linkPartner = new Map<string, number>();
const partnerOf = (kind: "linkedStakeholder" | "linkedProperty" | "attachedEngagement" | "attachedDocument", id: number | string) => linkPartner.get(`${kind}:${id}`) ?? 0;

/** A whole grievance form (anonymous complainant), for the page's update. */
const GRIEVANCE_FORM_FIELDS = { receivedDate: "2026-11-20", receivedTime: "09:00", channel: "phone", complainantKind: "anonymous", category: "access", severity: "low" };

const MATRIX: Record<string, Entry> = {
  "api.commitments.$id.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.commitments.$id"),
    ops: [
      get("GET", "commitment"),
      { label: "PUT", method: "PUT", write: true, target: "commitment", build: () => ({ json: { description: `Put ${unique()}` } }) },
      { label: "PATCH", method: "PATCH", write: true, target: "commitment", build: () => ({ json: { description: `Patched ${unique()}` } }) },
      remove("commitment"),
    ],
  },
  "api.commitments.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.commitments"),
    ops: [
      // The list takes no record id: its tenancy (another client's project 404) is in commitments.test.ts and access-refusals.test.ts.
      { label: "GET (the project's commitments)", method: "GET", write: false, target: null, build: () => ({}) },
      {
        label: "POST stakeholderIds",
        method: "POST",
        write: true,
        target: "stakeholder",
        build: (c) => ({ json: { stakeholderIds: [c.id], description: `Promise ${unique()}`, promisedOn: "2026-03-03" } }),
      },
    ],
  },
  "api.commitments.$id.status.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.commitments.$id.status"),
    ops: [{ label: "POST start", method: "POST", write: true, target: "commitment", build: () => ({ json: { transition: "start" } }) }],
  },
  "commitments.tsx": {
    kind: "page",
    module: () => import("../../app/routes/commitments"),
    ops: [
      get("GET ?view=", "commitment", (c) => ({ view: c.id })),
      get("GET ?edit=", "commitment", (c) => ({ edit: c.id })),
      {
        label: "POST update",
        method: "POST",
        write: true,
        target: "commitment",
        secondary: "stakeholder",
        build: (c) => ({ form: { intent: "update", id: c.id, description: `Edited ${unique()}`, promisedOn: "2026-03-03", stakeholderIds: [c.secondary] } }),
      },
      { label: "POST status", method: "POST", write: true, target: "commitment", build: (c) => ({ form: { intent: "status", id: c.id, transition: "fulfil", evidenceNote: "Done" } }) },
      { label: "POST delete", method: "POST", write: true, permission: "deleteData", target: "commitment", build: (c) => ({ form: { intent: "delete", id: c.id } }) },
    ],
  },
  "commitments_.letter.$stakeholderId.tsx": {
    kind: "page",
    module: () => import("../../app/routes/commitments_.letter.$stakeholderId"),
    ops: [get("GET", "stakeholder")],
  },
  "commitments_.letter.$stakeholderId_.pdf.ts": {
    kind: "page",
    module: () => import("../../app/routes/commitments_.letter.$stakeholderId_.pdf"),
    ops: [get("GET", "stakeholder")],
  },
  // /api routes with an id in the URL
  "api.stakeholders.$id.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.stakeholders.$id"),
    ops: [
      get("GET", "stakeholder"),
      { label: "PATCH", method: "PATCH", write: true, target: "stakeholder", build: () => ({ json: { name: `Patched ${unique()}` } }) },
      { label: "PUT", method: "PUT", write: true, target: "stakeholder", build: () => ({ json: { name: `Put ${unique()}` } }) },
      remove("stakeholder"),
    ],
  },
  "api.stakeholders.$id.documents.ts": { kind: "api", module: () => import("../../app/routes/api.stakeholders.$id.documents"), ops: [get("GET", "stakeholder")] },
  "api.stakeholders.$id.linked-property-ids.ts": { kind: "api", module: () => import("../../app/routes/api.stakeholders.$id.linked-property-ids"), ops: [get("GET", "stakeholder")] },
  "api.stakeholders.$id.properties.ts": { kind: "api", module: () => import("../../app/routes/api.stakeholders.$id.properties"), ops: [get("GET", "stakeholder")] },
  "api.properties.$id.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.properties.$id"),
    ops: [
      get("GET", "property"),
      { label: "PATCH", method: "PATCH", write: true, target: "property", build: () => ({ json: { notes: `Patched ${unique()}` } }) },
      { label: "PUT", method: "PUT", write: true, target: "property", build: () => ({ json: { notes: `Put ${unique()}` } }) },
      remove("property"),
    ],
  },
  "api.properties.$id.documents.ts": { kind: "api", module: () => import("../../app/routes/api.properties.$id.documents"), ops: [get("GET", "property")] },
  "api.properties.$id.linked-stakeholder-ids.ts": { kind: "api", module: () => import("../../app/routes/api.properties.$id.linked-stakeholder-ids"), ops: [get("GET", "property")] },
  "api.properties.$id.stakeholders.ts": { kind: "api", module: () => import("../../app/routes/api.properties.$id.stakeholders"), ops: [get("GET", "property")] },
  "api.documents.$id.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.documents.$id"),
    ops: [
      get("GET", "document"),
      { label: "PUT", method: "PUT", write: true, target: "document", build: () => ({ json: { description: `Put ${unique()}` } }) },
      { label: "PATCH", method: "PATCH", write: true, target: "document", build: () => ({ json: { description: `Patched ${unique()}` } }) },
      remove("document"),
    ],
  },
  "api.documents.$id.download.ts": { kind: "api", module: () => import("../../app/routes/api.documents.$id.download"), ops: [get("GET", "document")] },
  "api.documents.$id.preview.ts": { kind: "api", module: () => import("../../app/routes/api.documents.$id.preview"), ops: [get("GET", "document")] },
  // GET takes the stakeholder's id (their interactions); DELETE takes an interaction's.
  "api.engagements.$id.ts": { kind: "api", module: () => import("../../app/routes/api.engagements.$id"), ops: [get("GET (a stakeholder's interactions)", "stakeholder"), remove("engagement")] },
  "api.templates.$id.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.templates.$id"),
    ops: [
      { label: "PUT", method: "PUT", write: true, target: "template", build: () => ({ json: { templateName: `Put ${unique()}` } }) },
      { label: "PATCH", method: "PATCH", write: true, target: "template", build: () => ({ json: { templateDescription: `Patched ${unique()}` } }) },
      remove("template"),
    ],
  },
  "api.templates.$id.download.ts": { kind: "api", module: () => import("../../app/routes/api.templates.$id.download"), ops: [get("GET", "template")] },
  "api.projects.$id.ts": { kind: "api", projectScoped: false, module: () => import("../../app/routes/api.projects.$id"), ops: [get("GET", "project")] },
  // The project phases (docs/lifecycle.md#phases): the project's id is the record.
  "api.projects.$id.planning.ts": { kind: "api", projectScoped: false, module: () => import("../../app/routes/api.projects.$id.planning"), ops: [savePhase("json")] },
  "api.projects.$id.closure.ts": { kind: "api", projectScoped: false, module: () => import("../../app/routes/api.projects.$id.closure"), ops: [savePhase("json")] },
  "api.projects.$id.grievance-clock.ts": {
    kind: "api",
    projectScoped: false,
    module: () => import("../../app/routes/api.projects.$id.grievance-clock"),
    ops: [get("GET", "phases"), saveClock("PUT", "json")],
  },
  "projects.$id.phases_.grievance-clock.tsx": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/projects.$id.phases_.grievance-clock"),
    ops: [get("GET", "phases"), saveClock("POST", "form")],
  },
  "api.projects.$id.inbound-mail.ts": {
    kind: "api",
    projectScoped: false,
    module: () => import("../../app/routes/api.projects.$id.inbound-mail"),
    ops: [get("GET", "phases"), saveInbound("PUT", "json")],
  },
  "projects.$id.phases_.inbound-mail.tsx": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/projects.$id.phases_.inbound-mail"),
    ops: [get("GET", "phases"), saveInbound("POST", "form")],
  },
  // The Mail inbox (docs/inbound-mail.md#review): a message in review; accepting names a stakeholder too.
  "inbound-mail_.$id.tsx": {
    kind: "page",
    module: () => import("../../app/routes/inbound-mail_.$id"),
    ops: [
      get("GET", "inboundMessage"),
      get("GET ?find=&reject=1", "inboundMessage", () => ({ find: "Matrix", reject: 1 })),
      { label: "POST reject", method: "POST", write: true, target: "inboundMessage", okStatus: 302, build: () => ({ form: { intent: "reject" } }) },
      {
        label: "POST accept",
        method: "POST",
        write: true,
        target: "inboundMessage",
        secondary: "stakeholder",
        okStatus: 302,
        build: (c) => ({ form: { intent: "accept", stakeholder: "existing", stakeholderId: c.secondary } }),
      },
      {
        label: "POST create",
        method: "POST",
        write: true,
        target: "inboundMessage",
        okStatus: 302,
        build: () => ({ form: { intent: "create", stakeholder: "new", newStakeholderName: `Matrix ${unique()}` } }),
      },
    ],
  },
  "api.inbound-mail.$id.ts": { kind: "api", module: () => import("../../app/routes/api.inbound-mail.$id"), ops: [get("GET", "inboundMessage")] },
  "api.inbound-mail.$id.accept.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.inbound-mail.$id.accept"),
    ops: [
      {
        label: "POST existing stakeholder",
        method: "POST",
        write: true,
        target: "inboundMessage",
        secondary: "stakeholder",
        build: (c) => ({ json: { stakeholder: "existing", stakeholderId: c.secondary } }),
      },
    ],
  },
  "api.inbound-mail.$id.reject.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.inbound-mail.$id.reject"),
    ops: [{ label: "POST", method: "POST", write: true, target: "inboundMessage", build: () => ({ json: {} }) }],
  },
  "projects.$id.phases.tsx": { kind: "page", projectScoped: false, module: () => import("../../app/routes/projects.$id.phases"), ops: [get("GET", "project")] },
  "projects.$id.phases_.planning.tsx": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/projects.$id.phases_.planning"),
    ops: [get("GET", "project"), savePhase("form")],
  },
  "projects.$id.phases_.closure.tsx": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/projects.$id.phases_.closure"),
    ops: [get("GET", "project"), savePhase("form")],
  },

  // /api routes with ids in the body
  "api.engagements.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.engagements"),
    ops: [
      // The list takes no record id: its tenancy (another client's project 404) is in engagements.test.ts and access-refusals.test.ts.
      { label: "GET (the project's interactions)", method: "GET", write: false, target: null, build: () => ({}) },
      { label: "POST stakeholderId", method: "POST", write: true, target: "stakeholder", build: (c) => ({ json: { stakeholderId: c.id, subject: `Call ${unique()}`, type: "call" } }) },
    ],
  },
  "api.stakeholders.link-properties.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.stakeholders.link-properties"),
    ops: [
      {
        label: "POST stakeholderId, propertyIds",
        method: "POST",
        write: true,
        target: "stakeholder",
        secondary: "property",
        build: (c) => ({ json: { stakeholderId: c.id, propertyIds: [c.secondary] } }),
      },
      {
        label: "DELETE stakeholderId, propertyIds",
        method: "DELETE",
        write: true,
        target: "linkedStakeholder",
        build: (c) => ({ json: { stakeholderId: c.id, propertyIds: [partnerOf("linkedStakeholder", c.id)] } }),
      },
    ],
  },
  "api.properties.link-stakeholders.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.properties.link-stakeholders"),
    ops: [
      {
        label: "POST propertyId, stakeholderIds",
        method: "POST",
        write: true,
        target: "property",
        secondary: "stakeholder",
        build: (c) => ({ json: { propertyId: c.id, stakeholderIds: [c.secondary] } }),
      },
      {
        label: "DELETE propertyId, stakeholderIds",
        method: "DELETE",
        write: true,
        target: "linkedProperty",
        build: (c) => ({ json: { propertyId: c.id, stakeholderIds: [partnerOf("linkedProperty", c.id)] } }),
      },
    ],
  },
  "api.documents.upload.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.documents.upload"),
    ops: [
      // The upload's record fields are checked against the project: a field error (422), nothing stored.
      { label: "POST stakeholderId", method: "POST", write: true, target: null, secondary: "stakeholder", foreignStatus: 422, build: (c) => ({ multipart: { stakeholderId: c.secondary } }) },
      { label: "POST propertyId", method: "POST", write: true, target: null, secondary: "property", foreignStatus: 422, build: (c) => ({ multipart: { propertyId: c.secondary } }) },
    ],
  },

  // Pages: ids in panel query parameters and in the form
  "stakeholders.tsx": {
    kind: "page",
    module: () => import("../../app/routes/stakeholders"),
    ops: [
      get("GET ?highlight=", "stakeholder", (c) => ({ highlight: c.id })),
      get("GET ?highlight=&tab=documents", "stakeholder", (c) => ({ highlight: c.id, tab: "documents" })),
      get("GET ?highlight=&tab=history", "stakeholder", (c) => ({ highlight: c.id, tab: "history" })),
      get("GET ?highlight=&contact=", "stakeholder", (c) => ({ highlight: c.id, contact: 1 })),
      get("GET ?edit=", "stakeholder", (c) => ({ edit: c.id })),
      get("GET ?link=", "stakeholder", (c) => ({ link: c.id })),
      get("GET ?interact=", "stakeholder", (c) => ({ interact: c.id })),
      get("GET ?interactions=", "stakeholder", (c) => ({ interactions: c.id })),
      { label: "POST update", method: "POST", write: true, target: "stakeholder", build: (c) => ({ form: { intent: "update", formId: "stakeholder-form", id: c.id, name: `Edited ${unique()}` } }) },
      {
        label: "POST link-properties",
        method: "POST",
        write: true,
        target: "stakeholder",
        secondary: "property",
        build: (c) => ({ form: { intent: "link-properties", stakeholderId: c.id, propertyIds: [c.secondary] } }),
      },
      {
        label: "POST unlink-property",
        method: "POST",
        write: true,
        target: "linkedStakeholder",
        build: (c) => ({ form: { intent: "unlink-property", stakeholderId: c.id, propertyId: partnerOf("linkedStakeholder", c.id) } }),
      },
      {
        label: "POST update-contact",
        method: "POST",
        write: true,
        target: "stakeholder",
        build: (c) => ({ form: { intent: "update-contact", formId: "contact-form", id: c.id, name: `Contact ${unique()}` } }),
      },
      {
        label: "POST record-interaction",
        method: "POST",
        write: true,
        target: "stakeholder",
        build: (c) => ({ form: { intent: "record-interaction", formId: "interaction-form", stakeholderId: c.id, type: "call", subject: `Call ${unique()}` } }),
      },
    ],
  },
  "api.affected-areas.$id.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.affected-areas.$id"),
    ops: [get("GET", "affectedArea"), remove("affectedArea")],
  },
  "affected-areas.tsx": {
    kind: "page",
    module: () => import("../../app/routes/affected-areas"),
    ops: [
      get("GET ?delete=", "affectedArea", (c) => ({ delete: c.id })),
      { label: "POST delete", method: "POST", write: true, permission: "deleteData", target: "affectedArea", okStatus: 302, build: (c) => ({ form: { intent: "delete", id: c.id } }) },
    ],
  },
  "api.grievances.$id.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.grievances.$id"),
    ops: [
      get("GET", "grievance"),
      { label: "PUT", method: "PUT", write: true, target: "grievance", build: () => ({ json: { description: `Put ${unique()}` } }) },
      { label: "PATCH", method: "PATCH", write: true, target: "grievance", build: () => ({ json: { description: `Patched ${unique()}` } }) },
      remove("grievance"),
    ],
  },
  "api.grievances.$id.engagements.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.grievances.$id.engagements"),
    ops: [
      { label: "POST", method: "POST", write: true, target: "grievance", secondary: "engagement", okStatus: 201, build: (c) => ({ json: { engagementId: c.secondary } }) },
      { label: "DELETE", method: "DELETE", write: true, target: "attachedEngagement", build: (c) => ({ json: { engagementId: partnerOf("attachedEngagement", c.id) } }) },
    ],
  },
  "api.grievances.$id.documents.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.grievances.$id.documents"),
    ops: [
      { label: "POST", method: "POST", write: true, target: "grievance", secondary: "document", okStatus: 201, build: (c) => ({ json: { documentId: c.secondary } }) },
      { label: "DELETE", method: "DELETE", write: true, target: "attachedDocument", build: (c) => ({ json: { documentId: partnerOf("attachedDocument", c.id) } }) },
    ],
  },
  "api.grievances.$id.stage.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.grievances.$id.stage"),
    ops: [{ label: "POST escalate", method: "POST", write: true, target: "grievance", build: () => ({ json: { action: "escalate", note: `Matrix ${unique()}` } }) }],
  },
  "grievances_.$id.tsx": {
    kind: "page",
    module: () => import("../../app/routes/grievances_.$id"),
    ops: [
      get("GET", "grievance"),
      get("GET ?edit=1", "grievance", () => ({ edit: 1 })),
      {
        label: "POST update",
        method: "POST",
        write: true,
        target: "grievance",
        okStatus: 302,
        build: () => ({ form: { intent: "update", ...GRIEVANCE_FORM_FIELDS, description: `Edited ${unique()}`, version: "" } }),
      },
      {
        label: "POST stage",
        method: "POST",
        write: true,
        target: "grievance",
        okStatus: 302,
        build: () => ({ form: { intent: "stage", action: "escalate", note: `Matrix ${unique()}`, version: "" } }),
      },
      get("GET ?findEngagement=&findDocument=", "grievance", () => ({ findEngagement: "Matrix", findDocument: "matrix" })),
      {
        label: "POST attach-engagement",
        method: "POST",
        write: true,
        target: "grievance",
        secondary: "engagement",
        okStatus: 302,
        build: (c) => ({ form: { intent: "attach-engagement", engagementId: c.secondary } }),
      },
      {
        label: "POST attach-document",
        method: "POST",
        write: true,
        target: "grievance",
        secondary: "document",
        okStatus: 302,
        build: (c) => ({ form: { intent: "attach-document", documentId: c.secondary } }),
      },
      {
        label: "POST remove-engagement",
        method: "POST",
        write: true,
        target: "attachedEngagement",
        okStatus: 302,
        build: (c) => ({ form: { intent: "remove-engagement", engagementId: partnerOf("attachedEngagement", c.id) } }),
      },
      {
        label: "POST remove-document",
        method: "POST",
        write: true,
        target: "attachedDocument",
        okStatus: 302,
        build: (c) => ({ form: { intent: "remove-document", documentId: partnerOf("attachedDocument", c.id) } }),
      },
    ],
  },
  // "Show on map": /map?property= opens the view around one property's parcels (parcel-map.test.ts).
  "map.tsx": {
    kind: "page",
    module: () => import("../../app/routes/map"),
    ops: [get("GET ?property=", "property", (c) => ({ property: c.id }))],
  },
  "properties.tsx": {
    kind: "page",
    module: () => import("../../app/routes/properties"),
    ops: [
      get("GET ?highlight=", "property", (c) => ({ highlight: c.id })),
      get("GET ?highlight=&tab=documents", "property", (c) => ({ highlight: c.id, tab: "documents" })),
      get("GET ?highlight=&tab=history", "property", (c) => ({ highlight: c.id, tab: "history" })),
      get("GET ?edit=", "property", (c) => ({ edit: c.id })),
      get("GET ?link=", "property", (c) => ({ link: c.id })),
      {
        label: "POST update",
        method: "POST",
        write: true,
        target: "property",
        build: (c) => ({ form: { intent: "update", formId: "property-form", id: c.id, address: `${unique()} Edited Road`, version: "" } }),
      },
      { label: "POST link", method: "POST", write: true, target: "property", secondary: "stakeholder", build: (c) => ({ form: { intent: "link", propertyId: c.id, stakeholderIds: [c.secondary] } }) },
      {
        label: "POST unlink",
        method: "POST",
        write: true,
        target: "linkedProperty",
        build: (c) => ({ form: { intent: "unlink", propertyId: c.id, stakeholderId: partnerOf("linkedProperty", c.id), returnTo: "?" } }),
      },
    ],
  },
  "documents.tsx": {
    kind: "page",
    module: () => import("../../app/routes/documents"),
    ops: [
      get("GET ?edit=", "document", (c) => ({ edit: c.id })),
      get("GET ?delete=", "document", (c) => ({ delete: c.id })),
      { label: "POST edit", method: "POST", write: true, target: "document", build: (c) => ({ form: { intent: "edit", id: c.id, description: `Edited ${unique()}` } }) },
      { label: "POST delete", method: "POST", write: true, permission: "deleteData", target: "document", build: (c) => ({ form: { intent: "delete", id: c.id } }) },
      {
        label: "POST upload stakeholderId",
        method: "POST",
        write: true,
        target: null,
        secondary: "stakeholder",
        foreignStatus: 422,
        build: (c) => ({ multipart: { intent: "upload", stakeholderId: c.secondary } }),
      },
      {
        label: "POST upload propertyId",
        method: "POST",
        write: true,
        target: null,
        secondary: "property",
        foreignStatus: 422,
        build: (c) => ({ multipart: { intent: "upload", propertyId: c.secondary } }),
      },
    ],
  },
  "templates.tsx": {
    kind: "page",
    module: () => import("../../app/routes/templates"),
    ops: [
      get("GET ?edit=", "template", (c) => ({ edit: c.id })),
      get("GET ?delete=", "template", (c) => ({ delete: c.id })),
      { label: "POST edit", method: "POST", write: true, target: "template", build: (c) => ({ form: { intent: "edit", id: c.id, templateName: `Edited ${unique()}` } }) },
      { label: "POST delete", method: "POST", write: true, permission: "deleteData", target: "template", build: (c) => ({ form: { intent: "delete", id: c.id } }) },
    ],
  },
  "stakeholder-property-groups.tsx": {
    kind: "page",
    module: () => import("../../app/routes/stakeholder-property-groups"),
    ops: [get("GET ?group=", "group", (c) => ({ group: c.id })), get("GET ?group=&tab=properties", "group", (c) => ({ group: c.id, tab: "properties" }))],
  },
  // The import wizard's progress page, its skipped-rows download, and the history's Undo import (?undo=ID, then POST).
  "import_.$id.tsx": { kind: "page", module: () => import("../../app/routes/import_.$id"), ops: [get("GET", "import")] },
  "import_.$id_.skipped[.]csv.ts": { kind: "page", module: () => import("../../app/routes/import_.$id_.skipped[.]csv"), ops: [get("GET", "import")] },
  // The duplicates step: a page of held-back rows; its Back undoes the import (a plain import here).
  "import_.$id_.duplicates.tsx": {
    kind: "page",
    module: () => import("../../app/routes/import_.$id_.duplicates"),
    // Undoing deletes records, so it takes deleteData (with importData, which every role with deleteData has: docs/import.md#undo).
    ops: [get("GET", "import"), { label: "POST back", method: "POST", write: true, permission: "deleteData", target: "import", okStatus: 302, build: () => ({ form: { intent: "back" } }) }],
  },
  // A held-back row named by its pendingId in the body (another client's is 404 and changes nothing).
  "api.resolve-duplicates.ts": {
    kind: "api",
    module: () => import("../../app/routes/api.resolve-duplicates"),
    ops: [
      {
        label: "POST",
        method: "POST",
        write: true,
        permission: "importData",
        target: "duplicate",
        // The body nests objects, which the matrix's flat field type does not describe.
        build: (c) => ({ json: { resolutions: [{ type: "stakeholder", action: "create", pendingId: Number(c.id) }] } as unknown as Fields }),
      },
    ],
  },
  "imports.tsx": {
    kind: "page",
    module: () => import("../../app/routes/imports"),
    ops: [
      get("GET ?undo=", "import", (c) => ({ undo: c.id })),
      // Undo deletes records: deleteData, as for the "POST back" above (docs/import.md#undo).
      { label: "POST undo", method: "POST", write: true, permission: "deleteData", target: "import", okStatus: 302, build: (c) => ({ form: { intent: "undo", id: c.id } }) },
    ],
  },
  // Users are the client's, not a project's: another client's user is 404, a role without manageUsers 403.
  "api.users.$id.ts": {
    kind: "api",
    projectScoped: false,
    module: () => import("../../app/routes/api.users.$id"),
    ops: [
      { label: "PATCH isActive", method: "PATCH", write: true, permission: "manageUsers", target: "user", build: () => ({ json: { isActive: "false" } }) },
      { label: "DELETE", method: "DELETE", write: true, permission: "manageUsers", target: "user", build: () => ({}) },
    ],
  },
  "user-management.tsx": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/user-management"),
    ops: [
      get("GET ?delete=", "user", (c) => ({ delete: c.id })),
      get("GET ?projects=", "user", (c) => ({ projects: c.id })),
      { label: "POST status", method: "POST", write: true, permission: "manageUsers", target: "user", okStatus: 302, build: (c) => ({ form: { intent: "status", id: c.id, isActive: "false" } }) },
      { label: "POST role", method: "POST", write: true, permission: "manageUsers", target: "user", okStatus: 302, build: (c) => ({ form: { intent: "role", id: c.id, systemRole: "officer" } }) },
      { label: "POST delete", method: "POST", write: true, permission: "manageUsers", target: "user", okStatus: 302, build: (c) => ({ form: { intent: "delete", id: c.id } }) },
      // A member of the Western (or the other client's) project; nothing ticked takes them out of it.
      { label: "POST projects", method: "POST", write: true, permission: "manageUsers", target: "member", okStatus: 302, build: (c) => ({ form: { intent: "projects", id: c.id } }) },
      // A pending invitation (as a viewer) of the client: Cancel's confirmation, Resend (only mails again), Cancel.
      get("GET ?cancelInvitation=", "invitation", (c) => ({ cancelInvitation: c.id })),
      { label: "POST resend-invitation", method: "POST", write: false, target: "invitation", okStatus: 302, build: (c) => ({ form: { intent: "resend-invitation", id: c.id } }) },
      {
        label: "POST cancel-invitation",
        method: "POST",
        write: true,
        permission: "manageUsers",
        target: "invitation",
        okStatus: 302,
        build: (c) => ({ form: { intent: "cancel-invitation", id: c.id } }),
      },
    ],
  },
  // Database Management: the record search's delete confirmation (?delete=ID&records=TYPE), then its POST.
  "database-management.tsx": {
    kind: "page",
    module: () => import("../../app/routes/database-management"),
    ops: [
      get("GET ?delete= (stakeholder)", "stakeholder", (c) => ({ records: "stakeholders", delete: c.id })),
      get("GET ?delete= (property)", "property", (c) => ({ records: "properties", delete: c.id })),
      get("GET ?delete= (engagement)", "engagement", (c) => ({ records: "engagements", delete: c.id })),
      {
        label: "POST delete-record (stakeholder)",
        method: "POST",
        write: true,
        permission: "deleteData",
        target: "stakeholder",
        okStatus: 302,
        build: (c) => ({ form: { intent: "delete-record", records: "stakeholders", id: c.id } }),
      },
      {
        label: "POST delete-record (property)",
        method: "POST",
        write: true,
        permission: "deleteData",
        target: "property",
        okStatus: 302,
        build: (c) => ({ form: { intent: "delete-record", records: "properties", id: c.id } }),
      },
      {
        label: "POST delete-record (engagement)",
        method: "POST",
        write: true,
        permission: "deleteData",
        target: "engagement",
        okStatus: 302,
        build: (c) => ({ form: { intent: "delete-record", records: "engagements", id: c.id } }),
      },
    ],
  },
  // A restore point belongs to its client (its project may be deleted): no project in the request.
  "database-management_.restore-points.$id.ts": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/database-management_.restore-points.$id"),
    ops: [get("GET", "restorePoint")],
  },
  // Its confirmation step. The POST here types a wrong name (the owner's answer is the form's 400, nothing
  // restored); a whole restore, and another client's, is proven in nothing-lost.test.ts.
  "database-management_.restore-points.$id_.restore.tsx": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/database-management_.restore-points.$id_.restore"),
    ops: [
      get("GET", "restorePoint"),
      { label: "POST wrong name", method: "POST", write: false, target: "restorePoint", okStatus: 400, build: () => ({ form: { confirmation: "not the project's name" } }) },
    ],
  },
  // System admins only: granting a free month to a client, moving a project to another client.
  "api.client.grant-free-month.$id.ts": {
    kind: "api",
    projectScoped: false,
    adminOnly: true,
    module: () => import("../../app/routes/api.client.grant-free-month.$id"),
    ops: [{ label: "POST", method: "POST", write: true, target: "client", build: () => ({}) }],
  },
  "api.client.migrate-project.$projectId.ts": {
    kind: "api",
    projectScoped: false,
    adminOnly: true,
    module: () => import("../../app/routes/api.client.migrate-project.$projectId"),
    ops: [{ label: "POST targetClientId", method: "POST", write: true, target: "movableProject", secondary: "targetClient", build: (c) => ({ json: { targetClientId: c.secondary } }) }],
  },
  // The screen's GET form names the project and target client (the preview), and its POST moves the project.
  "project-migration.tsx": {
    kind: "page",
    projectScoped: false,
    adminOnly: true,
    module: () => import("../../app/routes/project-migration"),
    ops: [
      {
        label: "GET preview",
        method: "GET",
        write: false,
        target: "movableProject",
        secondary: "targetClient",
        malformedStatus: [200],
        build: (c) => ({ query: { projectId: c.id, targetClientId: c.secondary, preview: "" } }),
      },
      {
        label: "POST migrate",
        method: "POST",
        write: true,
        target: "movableProject",
        secondary: "targetClient",
        okStatus: 302,
        build: (c) => ({ form: { projectId: c.id, targetClientId: c.secondary } }),
      },
    ],
  },
  "_index.tsx": {
    kind: "page",
    projectScoped: false,
    module: () => import("../../app/routes/_index"),
    ops: [
      get("GET ?projectId=", "project", (c) => ({ projectId: c.id })),
      // Choosing a project only changes the session (viewers may too). Another client's is the form's field error.
      { label: "POST select project", method: "POST", write: false, target: "project", foreignStatus: 422, okStatus: 302, build: (c) => ({ form: { projectId: c.id } }) },
    ],
  },
};

/** Routes (by URL) that take no record id: lists, creates, sign-in, exports of the selected project, the 404 page. */
const NO_RECORD_IDS: Record<string, string> = {
  "/*": "the catch-all 404 page",
  "/api/auth/user": "the signed-in user",
  "/api/auth/user/picture": "the signed-in user's own profile picture",
  "/api/callback": "sign-in callback",
  "/api/login": "sign-in",
  "/api/logout": "sign-out",
  "/api/projects": "the user's projects",
  "/api/projects/all": "every client's projects, system admin only (project-phases.test.ts)",
  "/api/stakeholders": "list and create in ?projectId=",
  "/api/properties": "list and create in ?projectId=",
  "/api/grievances": "list and create in ?projectId= (grievances.test.ts)",
  "/inbound-mail": "the selected project's Mail inbox; its status filter only narrows that project's messages (inbound-mail-screens.test.ts)",
  "/api/inbound-mail": "the Mail inbox of ?projectId= (inbound-mail-screens.test.ts)",
  "/api/affected-areas": "list and upload in ?projectId=; no record id (affected-areas.test.ts)",
  "/grievances": "the selected project's list and create; its filter ids only narrow that project's rows (grievances.test.ts)",
  "/grievances/figures": "figures of the selected project's grievances (grievance-figures.test.ts)",
  "/api/grievances/figures": "figures of ?projectId= (grievance-figures.test.ts)",
  "/api/grievances/figures.xlsx": "figures of ?projectId= as a workbook (grievance-figures.test.ts)",
  "/reports": "charts of the selected project's records (reports.test.ts)",
  "/api/reports/summary": "figures of ?projectId= (reports.test.ts)",
  "/api/reports/pack": "queues the pack of ?projectId= or the body's projectId; its documents are that project's (report-pack.test.ts)",
  "/api/reports/schedule": "the monthly pack's schedule of ?projectId= or the body's projectId (report-pack.test.ts)",
  "/api/parcels": "the parcels of ?projectId=, in its bbox (parcel-map.test.ts)",
  "/api/parcels/export": "the parcels of ?projectId= as GeoJSON or KML (parcel-map.test.ts)",
  "/grievance-form/:token": "a project's public form by its unguessable token, no sign-in; reveals no record (grievance-intake.test.ts)",
  "/api/documents": "list in ?projectId=",
  "/api/documents/stats": "tiles of ?projectId=",
  "/api/templates": "list in ?projectId=",
  "/api/templates/upload": "create in ?projectId= (no linked records)",
  "/api/database/export": "the project in ?projectId= (database-export.test.ts)",
  "/stakeholders/export.json": "every stakeholder of the selected project",
  "/stakeholders/sample.json": "a made-up stakeholder",
  "/import": "upload into the selected project",
  "/import/:id/parcels": "a parcel import's review: needs a parcel import, which the matrix's imports are not; another client's import and parcels are 404 (parcel-import.test.ts)",
  "/api/resolve-parcels": "a parcel import's parcels in the body; another client's import is 404 and changes nothing (parcel-import.test.ts)",
  "/import/sheet": "a staged workbook by its random key, bound to the user and project (import-wizard.test.ts)",
  "/import/mapping": "staged rows by their random key, bound to the user and project (import-wizard.test.ts)",
  "/import-debug": "the duplicate matcher on the selected project's own stakeholders (import-debug.test.ts)",
  "/api/file/parse": "upload into ?projectId= (or a projectId field before the file)",
  "/api/file/parse-sheet": "a staged workbook by its random key, bound to the user, project and client (import-staging.test.ts)",
  "/api/file/import": "staged rows by their random key, bound to the user, project and client; importData (imports.test.ts)",
  "/api/export/excel": "every record of ?projectId= (or the body's projectId)",
  "/api/extract-pdf-fields": "reads the uploaded start-up PDF; no project exists yet (project-startup-pdf.test.ts)",
  "/export": "the selected project's records; type and mode from the URL (export-page.test.ts)",
  "/export/download/:token": "an export kept in the asker's own session under a random one-time token (export-page.test.ts)",
  "/projects/new": "creates a project in the user's own client; no project exists yet (project-create.test.ts)",
  "/api/users": "the user's own client's users (a system admin's ?clientId= filter); manageUsers (user-management.test.ts)",
  "/api/users/invite": "invites into the user's own client; another client's project in projectIds is 404 and nothing is written (user-management.test.ts)",
  "/api/database/stats": "counts of ?projectId= (database-management.test.ts)",
  "/api/database/normalize-text": "every stakeholder or property of ?projectId= (or the body's projectId)",
  "/api/database/delete-all-stakeholders": "every stakeholder of ?projectId= (database-management.test.ts)",
  "/api/database/delete-all-properties": "every property of ?projectId= (database-management.test.ts)",
  "/api/database/delete-all-engagements": "every engagement of ?projectId= (database-management.test.ts)",
  "/api/database/reset-project": "every record of ?projectId= (database-management.test.ts)",
  "/api/database/delete-project": "the project in ?projectId= itself (database-management.test.ts)",
  "/subscription": "the client owner's own client; client ids in its forms are for system admins only, who manage every client (subscription.test.ts)",
  "/api/client/subscription": "the signed-in client owner's own client (subscription.test.ts)",
  "/api/client/all": "every client, system admins only (subscription.test.ts)",
  "/mail-delivery": "outgoing mail of every client, system admins only; its mail ids belong to no client (mail-delivery.test.ts)",
  "/api/client/create": "creates a client, system admins only (subscription.test.ts)",
  "/api/create-subscription": "the signed-in client owner's own client (subscription.test.ts)",
  "/api/stripe/webhook": "Stripe's signed events, no session; the client comes from the verified event (subscription.test.ts)",
  "/api/auth/switch-to-system-admin": "the signed-in user themself (subscription.test.ts)",
  "/documentation": "the fixed catalogue of five documents; no client's records (documentation.test.ts)",
  "/documentation/view/:docType": "a document name from the fixed catalogue, not a record id; the restricted ones are system admins only (documentation.test.ts)",
  "/api/documentation/content/:docType": "a document name from the fixed catalogue, not a record id (documentation.test.ts)",
  "/api/documentation/download/:docType": "a document name from the fixed catalogue, not a record id (documentation.test.ts)",
  "/api/documentation/download-pdf/:docType": "a document name from the fixed catalogue, not a record id (documentation.test.ts)",
  "/api/documentation/download-word/:docType": "a document name from the fixed catalogue, not a record id (documentation.test.ts)",
};

// ---------------------------------------------------------------------------------------------------
// Set-up: the two clients' projects, fresh records, and what "nothing changed" means
// ---------------------------------------------------------------------------------------------------

let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number; // first client; the owner and the viewer (a member) work here
let northern: number; // first client, the owner's second project
let coastal: number; // second client
const manifest = routeManifest();

const OWNER = "seed-client-owner";
/** Every first-client role that can open the Western project. */
const ROLES_IN_WESTERN = ["seed-client-owner", "seed-director", "seed-project-manager", "seed-officer", "seed-viewer"];
const VIEWER = "seed-viewer";
const FOREIGN_OWNER = "seed-second-owner";

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  setObjectStore(null);
  // make("import") commits each import through the real job queue and worker.
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5 });
  western = await projectId("Western Pipeline Stage 2");
  northern = await projectId("Northern Transmission Line");
  coastal = await projectId("Coastal Road Upgrade");
  expect(await inContext(async () => (await db().findOneOrFail(Project, { id: coastal }, { populate: ["client"] })).client.name)).toBe("Second Client Pty Ltd");
});

afterAll(async () => {
  await stopJobs(2000);
  setObjectStore(null);
  await database?.drop();
});

type Side = "own" | "foreign";

/** A new record of the kind in the first client's Western project ("own") or the second client's project ("foreign"). */
async function make(kind: Kind, side: Side): Promise<number | string> {
  const project = side === "own" ? western : coastal;
  if (kind === "project") return side === "own" ? northern : coastal;
  // Phases are filled in Western, where every role of the role check is a member.
  if (kind === "phases") return side === "own" ? western : coastal;
  if (kind === "client") return (await userFor(side === "own" ? OWNER : FOREIGN_OWNER)).clientId!;
  if (kind === "movableProject" || kind === "targetClient") {
    const owner = await userFor(side === "own" ? OWNER : FOREIGN_OWNER);
    return inContext(async () => {
      const connection = db().getConnection();
      if (kind === "targetClient") {
        const [row] = await connection.execute<{ id: number }[]>(`insert into client (name, subscription_plan, max_projects) values (?, 'professional', 1000) returning id`, [
          `Matrix Client ${unique()}`,
        ]);
        return row!.id;
      }
      const [row] = await connection.execute<{ id: number }[]>(`insert into project (name, client_id, owner_id) values (?, ?, ?) returning id`, [
        `Matrix Project ${unique()}`,
        owner.clientId,
        owner.id,
      ]);
      return row!.id;
    });
  }
  if (kind === "invitation") {
    const owner = await userFor(side === "own" ? OWNER : FOREIGN_OWNER);
    return inContext(async () => {
      const [row] = await db()
        .getConnection()
        .execute<{ id: number }[]>(`insert into user_invitation (email, role, client_id, invited_by_id) values (?, 'viewer', ?, ?) returning id`, [
          `matrix-${unique()}@example.com`,
          owner.clientId,
          owner.id,
        ]);
      return row!.id;
    });
  }
  if (kind === "user" || kind === "member") {
    // A viewer of the owner's client (or the other client), made for this request; a member also belongs to the project.
    const owner = await userFor(side === "own" ? OWNER : FOREIGN_OWNER);
    const id = `matrix-${unique()}`;
    return inContext(async () => {
      const connection = db().getConnection();
      await connection.execute(`insert into "user" (id, email, client_id, system_role) values (?, ?, ?, 'viewer')`, [id, `${id}@example.com`, owner.clientId]);
      if (kind === "member") await connection.execute(`insert into project_membership (user_id, project_id, role) values (?, ?, 'viewer')`, [id, project]);
      return id;
    });
  }
  const access = await accessFor(await userFor(side === "own" ? OWNER : FOREIGN_OWNER), project);
  return inContext(async () => {
    const stakeholder = async () => (await createStakeholder(access, StakeholderSchema.parse({ name: `Matrix ${unique()}` }))).id;
    const property = async () => (await createProperty(access, PropertyFormSchema.parse({ address: `${unique()} Matrix Road` }), { force: true })).property!.id;
    const stored = async (kind: "documents" | "templates") => {
      const key = newObjectKey(project, kind);
      const body = PDF(300);
      await getObjectStore().put(key, Readable.from([body]), { contentType: "application/pdf", maxBytes: body.length });
      return { key, size: body.length, mimeType: "application/pdf", originalFileName: `matrix-${unique()}.pdf` };
    };
    switch (kind) {
      case "stakeholder":
        return stakeholder();
      case "property":
        return property();
      case "commitment":
        return (await createCommitment(access, CommitmentFormSchema.parse({ description: `Matrix ${unique()}`, promisedOn: "2026-03-03", stakeholderIds: [await stakeholder()] }) as CommitmentInput))
          .id;
      case "grievance":
        return (await createGrievance(access, GrievanceSchema.parse({ ...GRIEVANCE_FORM_FIELDS, description: `Matrix ${unique()}` }))).id;
      case "affectedArea": {
        const square = [
          [
            [147, -35],
            [147.001, -35],
            [147.001, -34.999],
            [147, -34.999],
            [147, -35],
          ],
        ];
        const [row] = await db()
          .getConnection()
          .execute<{ id: number }[]>(`insert into affected_area (project_id, name, kind, geometry) values (?, ?, 'polygon', ?::jsonb) returning id`, [
            project,
            `Matrix ${unique()}`,
            JSON.stringify({ type: "Polygon", coordinates: square }),
          ]);
        return row!.id;
      }
      case "engagement":
        return (await recordEngagement(access, await stakeholder(), EngagementSchema.parse({ subject: `Matrix ${unique()}`, type: "call" }))).id;
      case "group": {
        const id = await stakeholder();
        await setStakeholderProperties(access, id, [await property()]);
        return id;
      }
      case "linkedStakeholder":
      case "linkedProperty": {
        const [s, p] = [await stakeholder(), await property()];
        await setStakeholderProperties(access, s, [p]);
        const [id, partner] = kind === "linkedStakeholder" ? [s, p] : [p, s];
        linkPartner.set(`${kind}:${id}`, partner);
        return id;
      }
      case "attachedEngagement":
      case "attachedDocument": {
        const grievance = (await createGrievance(access, GrievanceSchema.parse({ ...GRIEVANCE_FORM_FIELDS, description: `Matrix ${unique()}` }))).id;
        const document = async () => (await createDocument(access, await stored("documents"), { stakeholderId: null, propertyId: null, description: null, category: null, tags: [] })).id;
        const engagement = async () => (await recordEngagement(access, await stakeholder(), EngagementSchema.parse({ subject: `Matrix ${unique()}`, type: "call" }))).id;
        const partner = kind === "attachedEngagement" ? await engagement() : await document();
        await attachToGrievance(access, grievance, kind === "attachedEngagement" ? "engagement" : "document", partner);
        linkPartner.set(`${kind}:${grievance}`, partner);
        return grievance;
      }
      case "document":
        return (await createDocument(access, await stored("documents"), { stakeholderId: null, propertyId: null, description: null, category: null, tags: [] })).id;
      case "import": {
        // A one-row import, committed by the job before the record is used.
        const csv = Buffer.from(`Name\r\nMatrix ${unique()}\r\n`);
        const upload = multipartRequest(`${URL_BASE}/import?projectId=${project}`, "", [], { filename: "matrix.csv", body: csv, type: "text/csv" });
        const { result } = await parseUpload(access, upload);
        const { importId } = await startImport(access, { dataKey: result.dataKey!, importType: "stakeholders", mapping: { Name: "name" } });
        await waitForImport(access, importId, 20_000);
        return importId;
      }
      case "duplicate": {
        // A stakeholder, then an import of the same e-mail: the row is held back; its id is the record.
        const email = `matrix-${unique()}@example.com`;
        await createStakeholder(access, StakeholderSchema.parse({ name: `Matrix ${unique()}`, email }));
        const csv = Buffer.from(`Name,Email\r\nMatrix Again,${email.toUpperCase()}\r\n`);
        const upload = multipartRequest(`${URL_BASE}/import?projectId=${project}`, "", [], { filename: "matrix.csv", body: csv, type: "text/csv" });
        const { result } = await parseUpload(access, upload);
        const { importId } = await startImport(access, { dataKey: result.dataKey!, importType: "stakeholders", mapping: { Name: "name", Email: "email" } });
        await waitForImport(access, importId, 20_000);
        const [row] = await db().getConnection().execute<{ id: number }[]>(`select id from import_duplicate where import_id = ?`, [importId]);
        if (!row) throw new Error("the matrix's duplicate import held back no row");
        return row.id;
      }
      case "inboundMessage": {
        // A stranger's message to the project's address, taken through the pipeline into review.
        const to = (await projectInboundAddress(access)).address;
        const raw = Buffer.from(
          [`From: Matrix Sender <matrix-${unique()}@stranger.example>`, `To: ${to}`, `Subject: Matrix ${unique()}`, `Message-ID: <${unique()}@stranger.example>`, "", "Hello", ""].join("\r\n"),
        );
        const { received } = await receiveInboundMessage(raw, { via: "smtp", envelopeTo: [to] });
        const id = received[0]!.inboundMessageId;
        await processInboundMessage({ inboundMessageId: id });
        // The queue's worker may have taken the job first: wait until the message rests in review.
        for (let i = 0; i < 100; i++) {
          const [row] = await db().getConnection().execute<{ status: string }[]>("select status from inbound_message where id = ?", [id]);
          if (row?.status === "review") return id;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error("the matrix's inbound message did not reach review");
      }
      case "restorePoint":
        return (await createRestorePoint(access, "delete-all-engagements")).id;
      case "template":
        return (await createTemplate(access, await stored("templates"), { templateName: `Matrix ${unique()}`, tags: [] })).id;
    }
  });
}

const DATA_TABLES = [
  "project",
  "project_phase_form",
  "stakeholder",
  "property",
  "stakeholder_property",
  "engagement",
  "grievance",
  "grievance_event",
  "commitment",
  "commitment_stakeholder",
  "commitment_property",
  "grievance_engagement",
  "grievance_document",
  "affected_area",
  "parcel_affected_area",
  "document",
  "template",
  "user",
  "project_membership",
  "user_invitation",
  "inbound_message",
];

/** Every record of both clients, whether each stored file is still there, and every session's selected project (and, when asked, other tables). */
async function everything(extraTables: string[] = []): Promise<string> {
  return inContext(async () => {
    const connection = db().getConnection();
    const tables: Record<string, unknown> = {};
    for (const table of [...DATA_TABLES, ...extraTables]) tables[table] = await connection.execute(`select * from "${table}" order by id`);
    const keys = await connection.execute<{ storage_key: string }[]>(`select storage_key from document union all select storage_key from template order by 1`);
    const store = getObjectStore();
    tables.files = await Promise.all(keys.map(async (k) => [k.storage_key, await store.exists(k.storage_key)]));
    tables.sessions = await connection.execute(`select sid, sess->>'selectedProjectId' as selected from session order by sid`);
    return JSON.stringify(tables);
  });
}

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

/** A signed-in session for the user with Western selected on the dashboard (the page routes' "session" project). */
async function sessionFor(userId: string): Promise<string> {
  const { createSignedInSession } = await import("../../app/modules/auth/session.server");
  const cookie = (await inContext(() => createSignedInSession(new Request(`${URL_BASE}/`), userId))).split(";")[0]!;
  const { action } = await import("../../app/routes/_index");
  const request = new Request(`${URL_BASE}/`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ projectId: String(western) }),
  });
  const response = await callRoute(() => action({ request, params: {}, context: {} }));
  expect(response.status).toBe(302);
  return cookie;
}

function formBody(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, String(v));
  return body;
}

async function send(file: string, op: Op, cookie: string, ctx: Ctx, project: { in: ProjectIn; id?: number }): Promise<Response> {
  const entry = MATRIX[file]!;
  const urlPath = manifest.get(file)!;
  const params = Object.fromEntries(dynamicSegments(urlPath).map((s) => [s.slice(1), String(ctx.id)]));
  const built = op.build(ctx);
  const url = new URL(`${URL_BASE}${urlPath.replace(/:[^/]+/g, () => encodeURIComponent(String(ctx.id)))}`);
  for (const [name, value] of Object.entries(built.query ?? {})) url.searchParams.set(name, String(value));
  if (project.in === "query") url.searchParams.set("projectId", String(project.id));
  const withProject = (fields: Fields) => (project.in === "body" ? { projectId: project.id!, ...fields } : fields);
  const headers = { Cookie: cookie, Origin: URL_BASE };
  let request: Request;
  if (built.multipart) {
    const fields = Object.entries(withProject(built.multipart)).map(([k, v]) => [k, String(v)] as [string, string]);
    request = multipartRequest(url.toString(), cookie, fields, { filename: "matrix.pdf", body: PDF(400), type: "application/pdf" });
  } else if (built.json) {
    request = new Request(url, { method: op.method, headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(withProject(built.json)) });
  } else if (built.form) {
    request = new Request(url, { method: op.method, headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body: formBody(withProject(built.form)) });
  } else {
    request = new Request(url, { method: op.method, headers });
  }
  const route = await entry.module();
  const fn = op.method === "GET" ? route.loader : route.action;
  if (!fn) throw new Error(`${file} has no ${op.method === "GET" ? "loader" : "action"}`);
  const response = await callRoute(async () => fn({ request, params, context: {} }));
  if (!(response instanceof Response)) throw new Error(`${file} ${op.label} did not answer with a Response`);
  return response;
}

const hasBody = (op: Op) => !!(op.build({ id: 1, secondary: 1 }).json || op.build({ id: 1, secondary: 1 }).form || op.build({ id: 1, secondary: 1 }).multipart);

/** How the user's own project reaches the route: the session or ?projectId= for pages; ?projectId= or the body for /api. */
function ownProjectVariants(entry: Entry, op: Op): { in: ProjectIn; id?: number }[] {
  if (entry.projectScoped === false) return [{ in: "none" }];
  if (entry.kind === "page") return [{ in: "session" }, { in: "query", id: western }];
  return hasBody(op)
    ? [
        { in: "query", id: western },
        { in: "body", id: western },
      ]
    : [{ in: "query", id: western }];
}

async function describeResponse(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  const location = response.headers.get("Location");
  return `${response.status}${location ? ` → ${location}` : ""} ${text.slice(0, 200)}`;
}

async function expectStatus(response: Response, expected: number | ((status: number) => boolean), what: string) {
  const ok = typeof expected === "number" ? response.status === expected : expected(response.status);
  const detail = await describeResponse(response);
  expect(ok, `${what}: expected ${typeof expected === "number" ? expected : "a success"}, got ${detail}`).toBe(true);
  return detail;
}

// ---------------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------------

describe("the route manifest and the matrix agree", () => {
  it("every route whose URL has a dynamic segment is in the matrix (or says why that segment is no record id)", () => {
    // A segment that is a random one-time key held in the user's own session (not a record id) is listed in NO_RECORD_IDS with its reason.
    const missing = [...manifest].filter(([file, url]) => dynamicSegments(url).length > 0 && !MATRIX[file] && !NO_RECORD_IDS[url]).map(([file, url]) => `${file} (${url})`);
    expect(missing, `add these routes to MATRIX in tests/integration/tenancy-matrix.test.ts: ${missing.join(", ")}`).toEqual([]);
  });

  it("every other route is either in the matrix or listed as taking no record id", () => {
    const unclassified = [...manifest].filter(([file, url]) => !MATRIX[file] && !NO_RECORD_IDS[url]).map(([file, url]) => `${file} (${url})`);
    expect(unclassified, `add these routes to MATRIX (they take a record id) or NO_RECORD_IDS: ${unclassified.join(", ")}`).toEqual([]);
    const both = Object.keys(MATRIX).filter((file) => NO_RECORD_IDS[manifest.get(file) ?? ""]);
    expect(both).toEqual([]);
  });

  it("the matrix lists no route file that no longer exists", () => {
    const staleFiles = Object.keys(MATRIX).filter((file) => !manifest.has(file) || !fs.existsSync(path.join(APP_DIR, "routes", file)));
    const urls = new Set(manifest.values());
    const staleUrls = Object.keys(NO_RECORD_IDS).filter((url) => !urls.has(url));
    expect([...staleFiles, ...staleUrls], `remove these from MATRIX / NO_RECORD_IDS: ${[...staleFiles, ...staleUrls].join(", ")}`).toEqual([]);
  });

  it("each matrix entry covers the methods its route exports, and its /api action refuses the others (405)", async () => {
    for (const [file, entry] of Object.entries(MATRIX)) {
      const route = await entry.module();
      const methods = new Set(entry.ops.map((op) => op.method));
      expect(!!route.loader, `${file}: loader exported ⇔ a GET in the matrix`).toBe(methods.has("GET"));
      expect(!!route.action, `${file}: action exported ⇔ a write method in the matrix`).toBe([...methods].some((m) => m !== "GET"));
      if (!route.action || entry.kind !== "api") continue;
      const cookie = await sessionFor(OWNER);
      const id = (await make(entry.ops[0]!.target ?? "stakeholder", "own")) || 1;
      for (const method of (["POST", "PUT", "PATCH", "DELETE"] as const).filter((m) => !methods.has(m))) {
        const probe: Op = { label: method, method, write: true, target: null, build: () => ({ json: {} }) };
        const response = await send(file, probe, cookie, { id, secondary: id }, { in: "query", id: western });
        await expectStatus(response, 405, `${file} ${method} (not in the matrix)`);
      }
    }
  });
});

/** A signed-in session only (no project selected): for users who cannot select Western, such as the other client's owner. */
async function plainSessionFor(userId: string): Promise<string> {
  const { createSignedInSession } = await import("../../app/modules/auth/session.server");
  return (await inContext(() => createSignedInSession(new Request(`${URL_BASE}/`), userId))).split(";")[0]!;
}

const SYSTEM_ADMIN = "seed-system-admin";
/** The admin-only routes change clients as well as projects. */
const ADMIN_TABLES = ["client"];

function describeAdminOnly(file: string, entry: Entry) {
  describe(`${file} (system admins only)`, () => {
    for (const op of entry.ops) {
      describe(op.label, () => {
        const ctxFor = async (side: Side): Promise<Ctx> => ({ id: op.target ? await make(op.target, side) : 0, secondary: op.secondary ? await make(op.secondary, "own") : 0 });

        it("a system admin's request works on either client's record (the matrix request is well formed)", async () => {
          const cookie = await plainSessionFor(SYSTEM_ADMIN);
          for (const side of ["own", "foreign"] as const) {
            const ctx = await ctxFor(side);
            const before = await everything(ADMIN_TABLES);
            const response = await send(file, op, cookie, ctx, { in: "none" });
            await expectStatus(response, op.okStatus ?? ((s) => s >= 200 && s < 400), `${file} ${op.label}, system admin, ${side} client's record`);
            if (op.write) expect(await everything(ADMIN_TABLES), `${file} ${op.label} changed nothing for the system admin`).not.toBe(before);
          }
        });

        it("every other role, of either client, is refused (403 or 404) on its own client's and the other client's record, and nothing changes", async () => {
          for (const userId of [...ROLES_IN_WESTERN, FOREIGN_OWNER]) {
            const cookie = await plainSessionFor(userId);
            for (const side of ["own", "foreign"] as const) {
              const ctx = await ctxFor(side);
              const before = await everything(ADMIN_TABLES);
              const response = await send(file, op, cookie, ctx, { in: "none" });
              await expectStatus(response, (s) => s === 403 || s === 404, `${file} ${op.label} as ${userId}, ${side} client's record`);
              expect(await everything(ADMIN_TABLES), `${file} ${op.label} as ${userId} changed data`).toBe(before);
            }
          }
        });

        it("a malformed id is refused without a 500, even for a system admin", async () => {
          const cookie = await plainSessionFor(SYSTEM_ADMIN);
          const own = await ctxFor("own");
          const before = await everything(ADMIN_TABLES);
          for (const id of [`${own.id}abc`, "abc", "99999999999", "-1"]) {
            const response = await send(file, op, cookie, { id, secondary: own.secondary }, { in: "none" });
            await expectStatus(response, (s) => [400, 404, 422, ...(op.malformedStatus ?? [])].includes(s), `${file} ${op.label}, id ${JSON.stringify(id)}`);
          }
          expect(await everything(ADMIN_TABLES)).toBe(before);
        });
      });
    }
  });
}

for (const [file, entry] of Object.entries(MATRIX)) {
  if (entry.adminOnly) {
    describeAdminOnly(file, entry);
    continue;
  }
  describe(file, () => {
    for (const op of entry.ops) {
      describe(op.label, () => {
        it("the owner's request on their own record works (the matrix request is well formed)", async () => {
          const cookie = await sessionFor(OWNER);
          const ctx = { id: op.target ? await make(op.target, "own") : 0, secondary: op.secondary ? await make(op.secondary, "own") : 0 };
          const before = await everything();
          const project = ownProjectVariants(entry, op)[0]!;
          const response = await send(file, op, cookie, ctx, project);
          const expected = op.okStatus ?? (op.write ? (s: number) => s >= 200 && s < 400 : 200);
          await expectStatus(response, expected, `${file} ${op.label}, own record`);
          if (op.write) expect(await everything(), `${file} ${op.label} changed nothing for the owner`).not.toBe(before);
        });

        it("another client's id is 404 (own project in the session or ?projectId=, and the other client's project), and nothing changes", async () => {
          const cookie = await sessionFor(OWNER);
          const foreign = { id: op.target ? await make(op.target, "foreign") : 0, secondary: op.secondary ? await make(op.secondary, "foreign") : 0 };
          const own = { id: op.target ? await make(op.target, "own") : 0, secondary: op.secondary ? await make(op.secondary, "own") : 0 };
          // The foreign record in the id slot; then (for a request naming two records) the foreign one in the second slot.
          const cases: [string, Ctx][] = [];
          if (op.target) cases.push(["foreign id", { id: foreign.id, secondary: own.secondary }]);
          if (op.secondary) cases.push(["foreign second id", { id: own.id, secondary: foreign.secondary }]);
          const before = await everything();
          for (const [what, ctx] of cases) {
            for (const project of ownProjectVariants(entry, op)) {
              const response = await send(file, op, cookie, ctx, project);
              await expectStatus(response, op.foreignStatus ?? 404, `${file} ${op.label}, ${what}, own project in ${project.in}`);
            }
            if (entry.projectScoped === false) continue;
            const viaQuery = await send(file, op, cookie, ctx, { in: "query", id: coastal });
            const detail = await expectStatus(viaQuery, 404, `${file} ${op.label}, ${what}, ?projectId= of the other client`);
            expect(detail).toContain("INVALID_PROJECT");
          }
          expect(await everything(), `${file} ${op.label} changed data for another client's id`).toBe(before);
        });

        it("a malformed id is refused without a 500 and without touching the user's own record", async () => {
          if (!op.target || op.target === "project") return;
          const cookie = await sessionFor(OWNER);
          const own = { id: await make(op.target, "own"), secondary: op.secondary ? await make(op.secondary, "own") : 0 };
          const before = await everything();
          for (const id of [`${own.id}abc`, "abc", "99999999999", "-1"]) {
            const response = await send(file, op, cookie, { id, secondary: own.secondary }, ownProjectVariants(entry, op)[0]!);
            await expectStatus(response, (s) => [400, 404, 422].includes(s), `${file} ${op.label}, id ${JSON.stringify(id)}`);
          }
          expect(await everything()).toBe(before);
        });

        if (op.write) {
          it("a viewer's write on their own client's record is 403 and nothing changes", async () => {
            const cookie = await sessionFor(VIEWER);
            const ctx = { id: op.target ? await make(op.target, "own") : 0, secondary: op.secondary ? await make(op.secondary, "own") : 0 };
            const before = await everything();
            for (const project of ownProjectVariants(entry, op)) {
              const response = await send(file, op, cookie, ctx, project);
              await expectStatus(response, 403, `${file} ${op.label}, viewer, project in ${project.in}`);
            }
            expect(await everything(), `${file} ${op.label} changed data for a viewer`).toBe(before);
          });

          it(`route and service agree: each role gets exactly what ${op.permission ?? "editData"} allows`, async () => {
            for (const userId of ROLES_IN_WESTERN) {
              const { role } = await accessFor(await userFor(userId), western);
              const allowed = hasPermission(role, op.permission ?? "editData");
              const cookie = await sessionFor(userId);
              const ctx = { id: op.target ? await make(op.target, "own") : 0, secondary: op.secondary ? await make(op.secondary, "own") : 0 };
              const before = await everything();
              const response = await send(file, op, cookie, ctx, ownProjectVariants(entry, op)[0]!);
              await expectStatus(response, allowed ? (s) => s >= 200 && s < 400 : 403, `${file} ${op.label} as ${role}`);
              if (allowed) expect(await everything(), `${file} ${op.label} as ${role} changed nothing`).not.toBe(before);
              else expect(await everything(), `${file} ${op.label} as ${role} changed data`).toBe(before);
            }
          });
        }
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// User Management's reach (docs/access.md#user-management-reach)
// ---------------------------------------------------------------------------------------------------

/**
 * A project manager acts only on users (and invitations) whose projects are all projects they manage.
 * Every User Management request of the matrix that acts on a user or an invitation, as the seeded
 * project manager (who manages Western only): on one in Western and Northern it is refused and nothing
 * changes (/api 403; the page 403, or its flash message after the redirect for a rule the manager can
 * read, as errorPlacement has it); on one in Western alone, and as the director on the first, it works.
 * The delete confirmation (?delete=) is not offered: user-management.test.ts.
 */
describe("User Management reach: a project manager and a user in a project they do not manage", () => {
  const PROJECT_MANAGER = "seed-project-manager";
  const DIRECTOR = "seed-director";
  const REACH_OPS: [string, Op][] = [
    ...MATRIX["api.users.$id.ts"]!.ops.map((op): [string, Op] => ["api.users.$id.ts", op]),
    ...MATRIX["user-management.tsx"]!.ops.filter((op) => op.label !== "GET ?delete=").map((op): [string, Op] => ["user-management.tsx", op]),
  ];
  const OUT_OF_REACH = /^You can manage only (users|invitations) whose projects are all projects you manage\.$/;

  /** A viewer of the first client (or an invitation of one) in the given projects. */
  async function subject(kind: Kind | null, projects: number[]): Promise<string | number> {
    const owner = await userFor(OWNER);
    return inContext(async () => {
      const connection = db().getConnection();
      if (kind === "invitation") {
        const [row] = await connection.execute<{ id: number }[]>(`insert into user_invitation (email, role, client_id, invited_by_id, project_ids) values (?, 'viewer', ?, ?, ?) returning id`, [
          `reach-${unique()}@example.com`,
          owner.clientId,
          owner.id,
          JSON.stringify(projects),
        ]);
        return row!.id;
      }
      const id = `reach-${unique()}`;
      await connection.execute(`insert into "user" (id, email, client_id, system_role) values (?, ?, ?, 'viewer')`, [id, `${id}@example.com`, owner.clientId]);
      for (const project of projects) await connection.execute(`insert into project_membership (user_id, project_id, role) values (?, ?, 'viewer')`, [id, project]);
      return id;
    });
  }

  /** The message the refusal left: the JSON body's, the form's error summary, or the flash after a redirect. */
  async function refusalMessage(response: Response, cookie: string): Promise<string> {
    if (response.status === 302) {
      const { consumeFlash } = await import("../../app/modules/auth/flash.server");
      const { flash } = await inContext(() => consumeFlash(new Request(`${URL_BASE}/user-management`, { headers: { Cookie: cookie } })));
      return flash?.kind === "error" ? (flash.description ?? "") : `no error flash: ${JSON.stringify(flash)}`;
    }
    const body = (await response.json()) as { message?: string; fieldErrors?: Record<string, string> };
    return body.message ?? Object.values(body.fieldErrors ?? {})[0] ?? "";
  }

  for (const [file, op] of REACH_OPS) {
    it(`${file} ${op.label}: refused and nothing changed outside the manager's projects; within them, or as a director, it works`, async () => {
      const pm = await sessionFor(PROJECT_MANAGER);
      const outside = await subject(op.target, [western, northern]);
      const before = await everything();
      const refused = await send(file, op, pm, { id: outside, secondary: 0 }, { in: "none" });
      const refusedStatus = entryKind(file) === "api" || op.method === "GET" ? [403] : [403, 302];
      expect(refusedStatus, `${file} ${op.label}, project manager, user in Western and Northern: got ${refused.status}`).toContain(refused.status);
      expect(await refusalMessage(refused, pm)).toMatch(OUT_OF_REACH);
      expect(await everything(), `${file} ${op.label} changed data for a user outside the manager's projects`).toBe(before);

      const okStatus = op.okStatus ?? (op.write ? (s: number) => s >= 200 && s < 400 : 200);
      const inside = await subject(op.target, [western]);
      const beforeInside = await everything();
      await expectStatus(await send(file, op, pm, { id: inside, secondary: 0 }, { in: "none" }), okStatus, `${file} ${op.label}, project manager, user in Western only`);
      if (op.write) expect(await everything(), `${file} ${op.label} changed nothing for the project manager within reach`).not.toBe(beforeInside);
      const director = await sessionFor(DIRECTOR);
      const beforeDirector = await everything();
      await expectStatus(await send(file, op, director, { id: outside, secondary: 0 }, { in: "none" }), okStatus, `${file} ${op.label}, director, user in Western and Northern`);
      if (op.write) expect(await everything(), `${file} ${op.label} changed nothing for the director`).not.toBe(beforeDirector);
    });
  }
});

const entryKind = (file: string) => MATRIX[file]!.kind;
