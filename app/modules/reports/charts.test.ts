import { describe, expect, it } from "vitest";
import { barChart, lineChart } from "./charts.server";

const spec = {
  id: "c",
  title: "T",
  summary: "S",
  categories: ["w1", "w2", "w3"],
  xLabel: "Week",
  yLabel: "Count",
};

describe("chart layout (docs/records.md#report-charts)", () => {
  it("stacks the series of a category, bottom to top, heights in proportion", () => {
    const chart = barChart({
      ...spec,
      series: [
        { label: "A", values: [2, 0, 4] },
        { label: "B", values: [2, 1, 0] },
      ],
    });
    expect(chart.kind).toBe("stacked-bars");
    const w1 = chart.bars.filter((b) => b.label.startsWith("w1"));
    expect(w1.map((b) => b.series)).toEqual([0, 1]);
    expect(w1[0]!.height).toBeCloseTo(w1[1]!.height, 0);
    expect(w1[1]!.y + w1[1]!.height).toBeCloseTo(w1[0]!.y, 0); // B sits on A
    // Zero values draw nothing.
    expect(chart.bars).toHaveLength(4);
    expect(chart.table).toEqual({
      columns: ["Week", "A", "B", "Total"],
      rows: [
        { label: "w1", values: [2, 2, 4] },
        { label: "w2", values: [0, 1, 1] },
        { label: "w3", values: [4, 0, 4] },
      ],
    });
    expect(chart.yTicks.every((t) => /^\d+$/.test(t.label))).toBe(true);
  });

  it("an empty chart still has an axis and a table of zeros", () => {
    const chart = barChart({ ...spec, series: [{ label: "A", values: [0, 0, 0] }] });
    expect(chart.bars).toEqual([]);
    expect(chart.yTicks.map((t) => t.label)).toContain("0");
    expect(chart.table.rows.map((r) => r.values)).toEqual([[0], [0], [0]]);
  });

  it("a line goes through every point, the highest at the top of the plot", () => {
    const chart = lineChart({ ...spec, series: [{ label: "A", values: [1, 5, 3] }] });
    expect(chart.lines).toHaveLength(1);
    const [p1, p2, p3] = chart.lines[0]!.points;
    expect(p2!.y).toBeLessThan(p3!.y);
    expect(p3!.y).toBeLessThan(p1!.y);
    expect(chart.lines[0]!.d.startsWith(`M${p1!.x},${p1!.y}`)).toBe(true);
  });

  it("writes at most a dozen labels under a long axis", () => {
    const categories = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const chart = barChart({ ...spec, categories, series: [{ label: "A", values: categories.map(() => 1) }] }, "histogram");
    expect(chart.xTicks.length).toBeLessThanOrEqual(12);
    expect(chart.table.rows).toHaveLength(60);
  });
});
