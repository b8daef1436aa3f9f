/**
 * The sentences that say in words what a chart shows (docs/records.md#report-charts): the chart's
 * description for screen readers and the line under it for everyone. Plain functions of the numbers.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-AU")} ${n === 1 ? one : many}`;
const num = (n: number) => n.toLocaleString("en-AU");

/** "a, b and c" */
export function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export interface TrendInput {
  /** "Engagements" */
  what: string;
  /** "a week" */
  per: string;
  values: number[];
  /** The point's names ("4 May"), as many as values. */
  labels: string[];
  /** The range in words ("from 1 May to 31 May 2026"). */
  period: string;
}

/**
 * "Engagements rose from 12 to 31 a week from 4 May to 25 May; the most was 35 in the week of 11 May."
 * Compares the first and last points and names the peak when it is neither.
 */
export function trendSentence({ what, per, values, labels, period }: TrendInput): string {
  if (!values.length || values.every((v) => v === 0)) return `No ${what.toLowerCase()} ${period}.`;
  const total = values.reduce((a, b) => a + b, 0);
  if (values.length === 1) return `${what}: ${num(values[0]!)} ${period}.`;
  const first = values[0]!;
  const last = values[values.length - 1]!;
  const trend =
    last > first
      ? `${what} rose from ${num(first)} to ${num(last)} ${per}`
      : last < first
        ? `${what} fell from ${num(first)} to ${num(last)} ${per}`
        : `${what} started and ended at ${num(first)} ${per}`;
  let peak = 0;
  values.forEach((v, i) => {
    if (v > values[peak]!) peak = i;
  });
  const peakText = peak !== 0 && peak !== values.length - 1 ? `; the most was ${num(values[peak]!)} in the week of ${labels[peak]}` : "";
  return `${trend} ${period}${peakText} (${num(total)} in all).`;
}

/** "Engagements went from 10 to 18 from 1 May to 31 May 2026." for a running total. */
export function runningTotalSentence({ what, values, period }: Omit<TrendInput, "per" | "labels">): string {
  if (!values.length) return `No ${what.toLowerCase()} ${period}.`;
  const first = values[0]!;
  const last = values[values.length - 1]!;
  if (first === last) return `${what} stayed at ${num(first)} ${period}.`;
  return `${what} went from ${num(first)} to ${num(last)} ${period}.`;
}

export interface PartsInput {
  /** "properties" (plural noun of the whole) */
  of: string;
  of1: string;
  parts: { label: string; value: number }[];
}

/** "Of 40 properties: Signed 25 (63%), Expiring within 30 days 5 (13%), Expired 3 (8%) and No agreement 7 (18%)." */
export function partsSentence({ of, of1, parts }: PartsInput): string {
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  if (total === 0) return `No ${of}.`;
  const pct = (v: number) => `${Math.round((v / total) * 100)}%`;
  return `Of ${plural(total, of1, of)}: ${listJoin(parts.map((p) => `${p.label} ${num(p.value)} (${pct(p.value)})`))}.`;
}

/** "Period: 1 May to 31 May 2026" style wording of a range's ends in short dates. */
export function periodWords(from: string, to: string): string {
  return from === to ? `on ${from}` : `from ${from} to ${to}`;
}
