import { decodeCells, encodeCells } from "./staging-store.server";

describe("staged cells as JSON", () => {
  it("round-trips text, numbers, booleans, nulls and dates", () => {
    const cells = ["Zoë", 12.5, true, null, new Date(Date.UTC(2023, 6, 1)), '{"d":"not a date"}'];
    const back = decodeCells(JSON.parse(JSON.stringify(encodeCells(cells))));
    expect(back).toEqual(cells);
    expect(back[4]).toBeInstanceOf(Date);
  });

  it("reads anything unexpected as empty", () => {
    expect(decodeCells({})).toEqual([]);
    expect(decodeCells([{ x: 1 }, [1]])).toEqual([null, null]);
  });
});
