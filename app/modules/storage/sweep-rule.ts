/**
 * How much one run of the object sweep may delete (docs/operations.md#nothing-lost). The sweep trusts
 * the database it is connected to: pointed at an empty or wrong database, every object of the bucket
 * would look unreferenced. An object that no row and no record of this database has ever named is
 * such a guess, so those are capped: more than `maxShare` of the listed objects AND more than
 * `handful` of them in one run means the database and the bucket do not belong together, and the run
 * deletes nothing. Objects whose release this database recorded (their row was deleted more than a
 * restore point's lifetime ago) are not guesses and are not capped: a large project deleted 30 days
 * ago must not block the sweep for ever.
 */
export interface SweepCounts {
  /** Every object listed under the swept prefix, young ones included. */
  listed: number;
  /** Objects that no live row, no restore point and no release record names. */
  unrecorded: number;
}

export interface SweepLimits {
  maxShare: number;
  handful: number;
}

export const SWEEP_LIMITS: SweepLimits = { maxShare: 0.1, handful: 20 };

export type SweepDecision = { allowed: true } | { allowed: false; reason: "too-many-unrecorded" };

export function decideSweep({ listed, unrecorded }: SweepCounts, { maxShare, handful }: SweepLimits = SWEEP_LIMITS): SweepDecision {
  if (unrecorded > handful && unrecorded > listed * maxShare) return { allowed: false, reason: "too-many-unrecorded" };
  return { allowed: true };
}

/** What the database says about one listed object. */
export interface KeyRecord {
  live: boolean;
  pinnedByRestorePoint: boolean;
  /** The newest release of the key, if any. */
  releasedAt: Date | null;
}

export type KeyVerdict = "keep" | "released" | "unrecorded";

/**
 * Keep: a live row or an unexpired restore point names it, or its release is younger than
 * `releasedBefore`. Released: its last release is older. Unrecorded: nothing names it (a crashed upload's bytes).
 */
export function classifyKey(record: KeyRecord | undefined, releasedBefore: Date): KeyVerdict {
  if (!record) return "unrecorded";
  if (record.live || record.pinnedByRestorePoint) return "keep";
  if (record.releasedAt === null) return "unrecorded";
  return record.releasedAt.getTime() > releasedBefore.getTime() ? "keep" : "released";
}
