/**
 * A chart as the server has laid it out (docs/records.md#report-charts): positions, paths and labels
 * worked out with d3 on the server (charts.server.ts), so the components only draw SVG and the browser
 * gets no charting code. Plain data: it travels in the loader's JSON.
 */
export type ChartKind = "stacked-bars" | "bars" | "line" | "histogram";

export interface ChartSeriesModel {
  label: string;
  /** Index into CHART_COLOURS and CHART_PATTERNS: each series has a colour and a pattern. */
  style: number;
}

export interface ChartModel {
  id: string;
  kind: ChartKind;
  title: string;
  /** The generated sentence (summary.ts): the SVG's description and the text under the chart. */
  summary: string;
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  series: ChartSeriesModel[];
  bars: { x: number; y: number; width: number; height: number; series: number; label: string }[];
  lines: { d: string; series: number; points: { x: number; y: number; label: string }[] }[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** The axes' names, for the table's headers and the SVG's labels. */
  xLabel: string;
  yLabel: string;
  table: { columns: string[]; rows: { label: string; values: (number | string)[] }[] };
}

/**
 * Fills that keep at least 3:1 contrast with the white page (WCAG 1.4.11) and differ in lightness as
 * well as hue; each goes with a pattern so colour never carries the meaning alone.
 */
export const CHART_COLOURS = ["#1f5f99", "#b34700", "#2e7d32", "#7b3f8c", "#5d4037", "#b71c1c", "#00695c", "#455a64"] as const;
export const CHART_PATTERNS = ["solid", "stripes", "dots", "crosshatch", "vstripes", "hstripes", "rstripes", "grid"] as const;
