import { classifyKey, decideSweep, SWEEP_LIMITS } from "./sweep-rule";

describe("decideSweep", () => {
  it("refuses when the unrecorded objects are both more than the share and more than a handful", () => {
    expect(decideSweep({ listed: 1000, unrecorded: 1000 })).toEqual({ allowed: false, reason: "too-many-unrecorded" });
    expect(decideSweep({ listed: 1000, unrecorded: 101 })).toEqual({ allowed: false, reason: "too-many-unrecorded" });
    expect(decideSweep({ listed: 30, unrecorded: 21 })).toEqual({ allowed: false, reason: "too-many-unrecorded" });
  });

  it("allows a small share, or a handful whatever the bucket's size", () => {
    expect(decideSweep({ listed: 1000, unrecorded: 100 })).toEqual({ allowed: true });
    expect(decideSweep({ listed: 5, unrecorded: 5 })).toEqual({ allowed: true });
    expect(decideSweep({ listed: 30, unrecorded: SWEEP_LIMITS.handful })).toEqual({ allowed: true });
    expect(decideSweep({ listed: 0, unrecorded: 0 })).toEqual({ allowed: true });
  });

  it("takes other limits", () => {
    expect(decideSweep({ listed: 100, unrecorded: 3 }, { maxShare: 0.01, handful: 2 })).toEqual({ allowed: false, reason: "too-many-unrecorded" });
    expect(decideSweep({ listed: 100, unrecorded: 3 }, { maxShare: 0.5, handful: 2 })).toEqual({ allowed: true });
  });
});

describe("classifyKey", () => {
  const cutoff = new Date("2026-11-01T00:00:00Z");
  const before = new Date("2026-10-01T00:00:00Z");
  const after = new Date("2026-11-20T00:00:00Z");

  it("keeps what a live row or an unexpired restore point names, whatever its releases", () => {
    expect(classifyKey({ live: true, pinnedByRestorePoint: false, releasedAt: before }, cutoff)).toBe("keep");
    expect(classifyKey({ live: false, pinnedByRestorePoint: true, releasedAt: before }, cutoff)).toBe("keep");
  });

  it("keeps a release younger than the cutoff and frees an older one", () => {
    expect(classifyKey({ live: false, pinnedByRestorePoint: false, releasedAt: after }, cutoff)).toBe("keep");
    expect(classifyKey({ live: false, pinnedByRestorePoint: false, releasedAt: before }, cutoff)).toBe("released");
  });

  it("calls an object nothing names unrecorded", () => {
    expect(classifyKey(undefined, cutoff)).toBe("unrecorded");
    expect(classifyKey({ live: false, pinnedByRestorePoint: false, releasedAt: null }, cutoff)).toBe("unrecorded");
  });
});
