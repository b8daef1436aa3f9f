/**
 * What the affected areas take of one property's parcels, and of one landholder's land
 * (docs/records.md#affected-areas): read from the rows the upload and the import wrote, never recomputed.
 */
import { sqlRows } from "~db/sql.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";

export interface ParcelLossView {
  id: number;
  lotPlan: string | null;
  areaM2: number;
  /** All affected areas together (their union). */
  affectedM2: number;
  share: number;
  byArea: { id: number; name: string; m2: number; share: number }[];
}

export interface PropertyLosses {
  parcels: ParcelLossView[];
  /** More parcels than shown. */
  more: number;
  total: { areaM2: number; affectedM2: number; share: number };
  /** Each affected area over all the property's parcels. */
  byArea: { id: number; name: string; m2: number; share: number }[];
}

/** At most this many parcels are listed on the property panel; the totals count them all. */
const SHOWN_PARCELS = 50;

const shareOf = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/** The property's parcels and what each affected area takes of them; null when no parcel is linked to it. */
export async function propertyLosses(access: ProjectAccess, propertyId: number): Promise<PropertyLosses | null> {
  requirePermission(access, "viewData");
  const [sums] = await sqlRows<{ parcels: number; areaM2: number; affectedM2: number }>(
    `select count(*)::int as parcels, coalesce(sum(area_m2), 0) as "areaM2", coalesce(sum(affected_m2), 0) as "affectedM2" from parcel where project_id = ? and property_id = ?`,
    [access.project.id, propertyId],
  );
  if (!sums?.parcels) return null;
  const parcels = await sqlRows<Omit<ParcelLossView, "byArea" | "share">>(
    `select id, lot_plan as "lotPlan", area_m2 as "areaM2", affected_m2 as "affectedM2" from parcel
      where project_id = ? and property_id = ? order by affected_m2 desc, lot_plan, id limit ?`,
    [access.project.id, propertyId, SHOWN_PARCELS],
  );
  const parts = await sqlRows<{ parcelId: number; id: number; name: string; m2: number; share: number }>(
    `select x.parcel_id as "parcelId", a.id, a.name, x.area_m2 as m2, x.share
       from parcel_affected_area x join affected_area a on a.id = x.affected_area_id
      where x.project_id = ? and x.parcel_id = any(?::int[]) order by lower(a.name), a.id`,
    [access.project.id, `{${parcels.map((p) => p.id).join(",")}}`],
  );
  const byArea = await sqlRows<{ id: number; name: string; m2: number }>(
    `select a.id, a.name, sum(x.area_m2) as m2
       from parcel p join parcel_affected_area x on x.parcel_id = p.id join affected_area a on a.id = x.affected_area_id
      where p.project_id = ? and p.property_id = ? group by a.id, a.name order by lower(a.name), a.id`,
    [access.project.id, propertyId],
  );
  return {
    parcels: parcels.map((p) => ({
      ...p,
      share: shareOf(p.affectedM2, p.areaM2),
      byArea: parts.filter((x) => x.parcelId === p.id).map(({ parcelId: _parcel, ...x }) => x),
    })),
    more: sums.parcels - parcels.length,
    total: { areaM2: sums.areaM2, affectedM2: sums.affectedM2, share: shareOf(sums.affectedM2, sums.areaM2) },
    byArea: byArea.map((a) => ({ ...a, share: shareOf(a.m2, sums.areaM2) })),
  };
}

export interface LandholderLosses {
  properties: number;
  parcels: number;
  areaM2: number;
  affectedM2: number;
  share: number;
  byArea: { id: number; name: string; m2: number; share: number }[];
}

/** The properties a stakeholder holds: owned (primary owner) or linked, as the export counts them. */
const HELD = `(select sp.property_id from stakeholder_property sp where sp.stakeholder_id = ? and sp.project_id = ?
               union select po.id from property po where po.stakeholder_id = ? and po.project_id = ?)`;

/** A landholder's totals over their properties' parcels; null when none of their properties has a parcel. */
export async function landholderLosses(access: ProjectAccess, stakeholderId: number): Promise<LandholderLosses | null> {
  requirePermission(access, "viewData");
  const held = [stakeholderId, access.project.id, stakeholderId, access.project.id];
  const [sums] = await sqlRows<{ properties: number; parcels: number; areaM2: number; affectedM2: number }>(
    `select count(distinct p.property_id)::int as properties, count(*)::int as parcels, coalesce(sum(p.area_m2), 0) as "areaM2", coalesce(sum(p.affected_m2), 0) as "affectedM2"
       from parcel p where p.project_id = ? and p.property_id in ${HELD}`,
    [access.project.id, ...held],
  );
  if (!sums?.parcels) return null;
  const byArea = await sqlRows<{ id: number; name: string; m2: number }>(
    `select a.id, a.name, sum(x.area_m2) as m2
       from parcel p join parcel_affected_area x on x.parcel_id = p.id join affected_area a on a.id = x.affected_area_id
      where p.project_id = ? and p.property_id in ${HELD} group by a.id, a.name order by lower(a.name), a.id`,
    [access.project.id, ...held],
  );
  return { ...sums, share: shareOf(sums.affectedM2, sums.areaM2), byArea: byArea.map((a) => ({ ...a, share: shareOf(a.m2, sums.areaM2) })) };
}
