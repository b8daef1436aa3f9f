import { max } from "d3-array";
import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import type { ChartKind, ChartModel } from "./chart-model";

/**
 * Lays charts out on the server with d3's scales and shapes (docs/records.md#report-charts): the
 * result is a ChartModel of plain numbers and path strings that the components draw as SVG.
 */

export interface ChartSpec {
  id: string;
  title: string;
  summary: string;
  /** The categories along the bottom (weeks, buckets, statuses), in order. */
  categories: string[];
  /** One series for plain bars, a line or a histogram; several for stacked bars or several lines. */
  series: { label: string; values: number[] }[];
  xLabel: string;
  yLabel: string;
  /** Small charts (the dashboard's) are narrower and shorter. */
  size?: "full" | "small";
}

const SIZES = {
  full: { width: 640, height: 300, plot: { left: 48, top: 16, right: 16, bottom: 56 } },
  small: { width: 320, height: 180, plot: { left: 36, top: 10, right: 10, bottom: 44 } },
};

/** At most this many category labels are written under the axis; the rest are in the table. */
const MAX_X_LABELS = { full: 12, small: 8 };

const round = (n: number) => Math.round(n * 10) / 10;

function frame(spec: ChartSpec, kind: ChartKind, top: number) {
  const size = SIZES[spec.size ?? "full"];
  const { width, height, plot } = size;
  const y = scaleLinear()
    .domain([0, Math.max(1, top)])
    .nice(5)
    .range([height - plot.bottom, plot.top]);
  // Whole numbers only: the figures are counts.
  const yTicks = y
    .ticks(Math.min(5, Math.max(1, y.domain()[1]!)))
    .filter(Number.isInteger)
    .map((t) => ({ y: round(y(t)), label: t.toLocaleString("en-AU") }));
  const x = scaleBand<number>()
    .domain(spec.categories.map((_, i) => i))
    .range([plot.left, width - plot.right])
    .paddingInner(kind === "histogram" ? 0.02 : 0.2)
    .paddingOuter(kind === "histogram" ? 0 : 0.1);
  const every = Math.ceil(spec.categories.length / MAX_X_LABELS[spec.size ?? "full"]);
  const xTicks = spec.categories.map((label, i) => ({ x: round(x(i)! + x.bandwidth() / 2), label })).filter((_, i) => i % every === 0);
  const table = {
    columns: [spec.xLabel, ...spec.series.map((s) => s.label), ...(spec.series.length > 1 && kind === "stacked-bars" ? ["Total"] : [])],
    rows: spec.categories.map((label, i) => {
      const values = spec.series.map((s) => s.values[i] ?? 0);
      return { label, values: kind === "stacked-bars" && spec.series.length > 1 ? [...values, values.reduce((a, b) => a + b, 0)] : values };
    }),
  };
  const base: ChartModel = {
    id: spec.id,
    kind,
    title: spec.title,
    summary: spec.summary,
    width,
    height,
    plot: { left: plot.left, top: plot.top, right: width - plot.right, bottom: height - plot.bottom },
    series: spec.series.map((s, i) => ({ label: s.label, style: i })),
    bars: [],
    lines: [],
    xTicks,
    yTicks,
    xLabel: spec.xLabel,
    yLabel: spec.yLabel,
    table,
  };
  return { x, y, base };
}

/** Bars: one series side by side per category, several stacked (bottom to top in the series' order); a histogram's bars touch. */
export function barChart(spec: ChartSpec, kind: "bars" | "stacked-bars" | "histogram" = spec.series.length > 1 ? "stacked-bars" : "bars"): ChartModel {
  const totals = spec.categories.map((_, i) => spec.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const { x, y, base } = frame(spec, kind, max(totals) ?? 0);
  for (let i = 0; i < spec.categories.length; i++) {
    let below = 0;
    spec.series.forEach((s, si) => {
      const value = s.values[i] ?? 0;
      if (value <= 0) return;
      const top = y(below + value);
      base.bars.push({
        x: round(x(i)!),
        y: round(top),
        width: round(x.bandwidth()),
        height: round(y(below) - top),
        series: si,
        label: `${spec.categories[i]}: ${s.label} ${value.toLocaleString("en-AU")}`,
      });
      below += value;
    });
  }
  return base;
}

/** Lines through each series' points (the middle of each category). */
export function lineChart(spec: ChartSpec): ChartModel {
  const { x, y, base } = frame(spec, "line", max(spec.series.flatMap((s) => s.values)) ?? 0);
  const mid = (i: number) => x(i)! + x.bandwidth() / 2;
  spec.series.forEach((s, si) => {
    const points = s.values.map((v, i) => ({ x: round(mid(i)), y: round(y(v)), label: `${spec.categories[i]}: ${v.toLocaleString("en-AU")}` }));
    const d =
      line<{ x: number; y: number }>()
        .x((p) => p.x)
        .y((p) => p.y)(points) ?? "";
    base.lines.push({ d, series: si, points });
  });
  return base;
}
