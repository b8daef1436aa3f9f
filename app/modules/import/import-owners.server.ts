/**
 * Owners of imported titles ("automatic stakeholder-property linking", docs/import.md#land-title-pdfs): a property row's
 * proprietors are found among the project's stakeholders with the duplicate rules (e-mail or phone with a
 * name alike, a name at least 80 % alike; not a household's shared phone) or created, and linked to the
 * property; the first proprietor gets the row's owner e-mail, phone and postal address and becomes the
 * primary owner of a new property.
 */
import type pg from "pg";
import { CandidateIndex, loadCandidateIndex, matchFieldsOf, matchKeysOf, scoreCandidates } from "~/modules/duplicates/candidates.server";
import { isCompanyName } from "~/modules/duplicates/canonical-names";
import { isSameStakeholder } from "~/modules/duplicates/match-stakeholders";
import { importField } from "./import-fields";
import { insertPlan, type InsertPlan } from "./import-insert.server";
import type { MergeContext } from "./import-merge.server";
import type { CoercedValue } from "./value-coercion";
import { nextIds } from "./record-ids.server";

export interface OwnerSpec {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The owners a property row names: its proprietors (or the one proprietor), each once, in order. */
export function ownersOf(values: Readonly<Record<string, unknown>>): OwnerSpec[] {
  const listed = Array.isArray(values.proprietors) ? values.proprietors.map(text) : [];
  const names = listed.length ? listed : [text(values.proprietor)];
  const seen = new Set<string>();
  const owners: OwnerSpec[] = [];
  for (const name of names) {
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const first = owners.length === 0;
    owners.push({ name, email: first ? text(values.ownerEmail) : null, phone: first ? text(values.ownerPhone) : null, address: first ? text(values.ownerAddress) : null });
  }
  return owners;
}

export interface OwnerLink {
  propertyId: number;
  stakeholderId: number;
  primary: boolean;
}

const OWNER_FIELDS = ["name", "email", "phone", "address", "memberType", "isProjectPropertyOwner"] as const;

function ownerPlan(): InsertPlan {
  return insertPlan(
    "stakeholders",
    OWNER_FIELDS.map((key, index) => ({ index, column: key, target: key, field: importField("stakeholders", key)! })),
  );
}

export class OwnerLinker {
  created = 0;
  linked = 0;
  private readonly plan = ownerPlan();

  constructor(
    private readonly client: pg.ClientBase,
    private readonly context: MergeContext,
  ) {}

  /** Finds or creates the owners of a batch's properties (creating them now); returns the links to write. */
  async resolve(jobs: readonly { propertyId: number; owners: readonly OwnerSpec[]; primary: boolean }[]): Promise<OwnerLink[]> {
    const specs = jobs.flatMap((job) => job.owners);
    if (!specs.length) return [];
    const prepared = specs.map((owner) => {
      const values = { ...owner, memberType: isCompanyName(owner.name) ? "Business" : "Individual" };
      const fields = matchFieldsOf("stakeholder", values);
      return { values, fields, keys: matchKeysOf("stakeholder", fields) };
    });
    const existing = await loadCandidateIndex(
      this.client,
      this.context.projectId,
      "stakeholder",
      prepared.flatMap((p) => p.keys),
    );
    const inBatch = new CandidateIndex();
    const ids = await nextIds(this.client, "stakeholder", specs.length);
    const newOwners: Record<string, unknown>[] = [];
    const links: OwnerLink[] = [];
    let at = 0;
    for (const job of jobs) {
      job.owners.forEach((_, position) => {
        const { values, fields, keys } = prepared[at]!;
        const id = ids[at]!;
        at++;
        const [best] = scoreCandidates("stakeholder", fields, [...existing.lookup(keys), ...inBatch.lookup(keys)], 1);
        let stakeholderId: number;
        if (best && isSameStakeholder(best)) {
          stakeholderId = best.id;
          this.linked++;
        } else {
          stakeholderId = id;
          inBatch.add({ id, fields }, keys);
          newOwners.push(this.plan.toRecord({ ...values, isProjectPropertyOwner: true } as Record<string, CoercedValue>, null, { id, matchKeys: keys }));
          this.created++;
        }
        links.push({ propertyId: job.propertyId, stakeholderId, primary: job.primary && position === 0 });
      });
    }
    if (newOwners.length) {
      await this.client.query(this.plan.sql, [this.context.userId, this.context.projectId, this.context.importId, this.context.clientId, JSON.stringify(newOwners)]);
    }
    return links;
  }

  /** The links, once both ends exist; a link already there is left as it is. */
  async writeLinks(links: readonly OwnerLink[]): Promise<void> {
    if (!links.length) return;
    await this.client.query(
      `insert into stakeholder_property (stakeholder_id, property_id, project_id, import_id)
       select l.stakeholder_id, l.property_id, $1, $2 from jsonb_to_recordset($3::jsonb) as l(stakeholder_id int, property_id int)
       on conflict (stakeholder_id, property_id) do nothing`,
      [this.context.projectId, this.context.importId, JSON.stringify(links.map((l) => ({ stakeholder_id: l.stakeholderId, property_id: l.propertyId })))],
    );
  }
}
