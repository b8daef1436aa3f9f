import { describe, expect, it } from "vitest";
import { auditChanges } from "./changes";

describe("auditChanges", () => {
  it("lists changed fields old → new and skips bookkeeping", () => {
    expect(auditChanges({ name: "JOHN", email: "a@b.c", version: 1 }, { name: "John", email: "a@b.c", version: 2 })).toEqual([{ field: "name", from: "JOHN", to: "John" }]);
  });
  it("shows empty values as a dash, lists and objects as JSON, and cuts long text", () => {
    expect(auditChanges({ phone: null }, { phone: "0400" })).toEqual([{ field: "phone", from: "—", to: "0400" }]);
    expect(auditChanges({ tags: ["a"] }, { tags: ["a", "b"] })[0]).toEqual({ field: "tags", from: '["a"]', to: '["a","b"]' });
    expect(auditChanges({ notes: "x".repeat(300) }, { notes: "" })[0]!.from).toHaveLength(120);
  });
  it("lists only the fields a created or deleted record had", () => {
    expect(auditChanges(null, { name: "New", phone: null })).toEqual([{ field: "name", from: "—", to: "New" }]);
    expect(auditChanges({ name: "Old", phone: null }, null)).toEqual([{ field: "name", from: "Old", to: "—" }]);
  });
  it("copes with rows that are not objects", () => {
    expect(auditChanges("x", 3)).toEqual([]);
  });
});
