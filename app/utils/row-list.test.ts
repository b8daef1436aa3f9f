import { describe, expect, it } from "vitest";
import { applyRowEdit, nextRowId, parseRowEdit, rowEditIntent } from "./row-list";

const rows = [{ id: "1" }, { id: "2" }, { id: "3" }];
const create = (id: string) => ({ id });
const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe("parseRowEdit / rowEditIntent", () => {
  it("reads what the buttons post and round-trips", () => {
    for (const edit of [{ kind: "add" }, { kind: "remove", id: "7" }, { kind: "up", id: "2" }, { kind: "down", id: "x-1" }] as const) {
      expect(parseRowEdit(rowEditIntent(edit))).toEqual(edit);
    }
  });

  it("ignores other intents and forged values", () => {
    expect(parseRowEdit("export")).toBeNull();
    expect(parseRowEdit("remove:")).toBeNull();
    expect(parseRowEdit("delete:1")).toBeNull();
    expect(parseRowEdit(`up:${"9".repeat(41)}`)).toBeNull();
    expect(parseRowEdit(null)).toBeNull();
    expect(parseRowEdit(["add"])).toBeNull();
  });
});

describe("nextRowId", () => {
  it("is one more than the largest numeric id, whatever the order", () => {
    expect(nextRowId([])).toBe("1");
    expect(nextRowId([{ id: "4" }, { id: "12" }, { id: "2" }, { id: "x" }])).toBe("13");
  });
});

describe("applyRowEdit", () => {
  it("appends a new row and focuses its first field", () => {
    const result = applyRowEdit(rows, { kind: "add" }, create);
    expect(ids(result.rows)).toEqual(["1", "2", "3", "4"]);
    expect(result.focus).toEqual({ rowId: "4", control: "first" });
    expect(result.position).toBe(4);
  });

  it("refuses to add past the limit", () => {
    const result = applyRowEdit(rows, { kind: "add" }, create, 3);
    expect(result.changed).toBe(false);
    expect(ids(result.rows)).toEqual(["1", "2", "3"]);
  });

  it("removes a row and moves focus to the next row's Remove, else the previous one's, else Add", () => {
    expect(applyRowEdit(rows, { kind: "remove", id: "2" }, create)).toMatchObject({ rows: [{ id: "1" }, { id: "3" }], focus: { rowId: "3", control: "remove" } });
    expect(applyRowEdit(rows, { kind: "remove", id: "3" }, create).focus).toEqual({ rowId: "2", control: "remove" });
    expect(applyRowEdit([{ id: "1" }], { kind: "remove", id: "1" }, create)).toMatchObject({ rows: [], focus: { rowId: null, control: "add" } });
  });

  it("moves a row up and down, keeping focus on the button unless the row reached the end", () => {
    const up = applyRowEdit(rows, { kind: "up", id: "3" }, create);
    expect(ids(up.rows)).toEqual(["1", "3", "2"]);
    expect(up.focus).toEqual({ rowId: "3", control: "up" });
    expect(up.position).toBe(2);
    const top = applyRowEdit(rows, { kind: "up", id: "2" }, create);
    expect(ids(top.rows)).toEqual(["2", "1", "3"]);
    expect(top.focus).toEqual({ rowId: "2", control: "down" });
    const bottom = applyRowEdit(rows, { kind: "down", id: "2" }, create);
    expect(ids(bottom.rows)).toEqual(["1", "3", "2"]);
    expect(bottom.focus).toEqual({ rowId: "2", control: "up" });
  });

  it("leaves the list as it is for a move past the end or an unknown row", () => {
    expect(applyRowEdit(rows, { kind: "up", id: "1" }, create).changed).toBe(false);
    expect(applyRowEdit(rows, { kind: "down", id: "3" }, create).changed).toBe(false);
    const unknown = applyRowEdit(rows, { kind: "remove", id: "9" }, create);
    expect(unknown.changed).toBe(false);
    expect(ids(unknown.rows)).toEqual(["1", "2", "3"]);
  });

  it("does not change the list it was given", () => {
    const before = structuredClone(rows);
    applyRowEdit(rows, { kind: "down", id: "1" }, create);
    applyRowEdit(rows, { kind: "remove", id: "1" }, create);
    expect(rows).toEqual(before);
  });
});
