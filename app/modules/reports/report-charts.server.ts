import { CONTACT_BUCKETS, AGREEMENT_STATUSES, NEVER_CONTACTED_LABEL, type ReportFigures } from "./figures";
import type { DashboardChartFigures } from "./figures.server";
import type { ChartModel } from "./chart-model";
import { barChart, lineChart } from "./charts.server";
import { shortDate } from "./range";
import { partsSentence, periodWords, runningTotalSentence, trendSentence } from "./summary";

/** The charts of /reports (docs/records.md#report-charts), each with its sentence, from the figures. */
export function reportCharts(f: ReportFigures): ChartModel[] {
  const period = periodWords(shortDate(f.range.from, true), shortDate(f.range.to, true));
  const weekLabels = f.weeks.map((w) => shortDate(w.start));
  const weekNames = f.weeks.map((w) => w.label);
  const types = f.engagements.byType.filter((t) => t.total > 0);
  const engagementTotals = f.engagements.weekly.map((w) => w.total);
  const agreementParts = AGREEMENT_STATUSES.map((s) => ({ label: s.label, value: f.agreements.status[s.key] }));
  return [
    barChart(
      {
        id: "chart-engagements",
        title: "Engagements per week by type",
        summary: trendSentence({ what: "Engagements", per: "a week", values: engagementTotals, labels: weekLabels, period }),
        categories: weekNames,
        // With no engagements in the range, one empty series keeps the chart's axes and table.
        series: types.length
          ? types.map((t) => ({ label: t.label, values: f.engagements.weekly.map((w) => w.byType[t.type] ?? 0) }))
          : [{ label: "Engagements", values: f.engagements.weekly.map(() => 0) }],
        xLabel: "Week",
        yLabel: "Engagements",
      },
      "stacked-bars",
    ),
    barChart({
      id: "chart-agreements",
      title: "Land access agreements by status today",
      summary: partsSentence({ of: "properties", of1: "property", parts: agreementParts }),
      categories: agreementParts.map((p) => p.label),
      series: [{ label: "Properties", values: agreementParts.map((p) => p.value) }],
      xLabel: "Agreement status",
      yLabel: "Properties",
    }),
    lineChart({
      id: "chart-agreements-over-time",
      title: "Agreements in place over time",
      summary: runningTotalSentence({ what: "Agreements in place", values: f.agreements.weekly.map((w) => w.cumulative), period }),
      categories: weekNames,
      series: [{ label: "Agreements in place at the week's end", values: f.agreements.weekly.map((w) => w.cumulative) }],
      xLabel: "Week",
      yLabel: "Agreements",
    }),
    barChart({
      id: "chart-contacted",
      title: "Stakeholders contacted in the range",
      summary: partsSentence({
        of: "stakeholders",
        of1: "stakeholder",
        parts: [
          { label: "contacted", value: f.stakeholders.contacted },
          { label: "not contacted", value: f.stakeholders.notContacted },
        ],
      }),
      categories: ["Contacted", "Not contacted"],
      series: [{ label: "Stakeholders", values: [f.stakeholders.contacted, f.stakeholders.notContacted] }],
      xLabel: "Contact in the range",
      yLabel: "Stakeholders",
    }),
    barChart(
      {
        id: "chart-last-contact",
        title: `Days since last contact (to ${shortDate(f.asOf, true)})`,
        summary: partsSentence({ of: "stakeholders", of1: "stakeholder", parts: f.stakeholders.sinceLastContact.map((b) => ({ label: b.label, value: b.stakeholders })) }),
        categories: [...CONTACT_BUCKETS.map((b) => b.label), NEVER_CONTACTED_LABEL],
        series: [{ label: "Stakeholders", values: f.stakeholders.sinceLastContact.map((b) => b.stakeholders) }],
        xLabel: "Days since last contact",
        yLabel: "Stakeholders",
      },
      "histogram",
    ),
    lineChart({
      id: "chart-grievances",
      title: "Grievances received and closed per week",
      summary: `${trendSentence({ what: "Grievances received", per: "a week", values: f.grievances.weekly.map((w) => w.received), labels: weekLabels, period })} ${trendSentence({ what: "Grievances closed", per: "a week", values: f.grievances.weekly.map((w) => w.closed), labels: weekLabels, period })}`,
      categories: weekNames,
      series: [
        { label: "Received", values: f.grievances.weekly.map((w) => w.received) },
        { label: "Closed", values: f.grievances.weekly.map((w) => w.closed) },
      ],
      xLabel: "Week",
      yLabel: "Grievances",
    }),
    barChart(
      {
        id: "chart-grievance-age",
        title: "Open grievances by age",
        summary: partsSentence({ of: "open grievances", of1: "open grievance", parts: f.grievances.openByAge.map((a) => ({ label: a.label, value: a.open })) }),
        categories: f.grievances.openByAge.map((a) => a.label),
        series: [{ label: "Open grievances", values: f.grievances.openByAge.map((a) => a.open) }],
        xLabel: "Business days since received",
        yLabel: "Grievances",
      },
      "histogram",
    ),
    barChart({
      id: "chart-commitments",
      title: "Commitments",
      summary: `${f.commitments.due} due and ${f.commitments.fulfilled} fulfilled ${period}; ${f.commitments.overdue} overdue today.`,
      categories: ["Due in the range", "Fulfilled in the range", "Overdue today"],
      series: [{ label: "Commitments", values: [f.commitments.due, f.commitments.fulfilled, f.commitments.overdue] }],
      xLabel: "Commitments",
      yLabel: "Commitments",
    }),
  ];
}

/** The dashboard's three small charts. */
export function dashboardCharts(d: DashboardChartFigures): ChartModel[] {
  const labels = d.engagements.map((w) => shortDate(w.week));
  const agreementParts = AGREEMENT_STATUSES.map((s) => ({ label: s.label, value: d.agreements[s.key] }));
  return [
    barChart({
      id: "dash-engagements",
      title: "Engagements, last 8 weeks",
      summary: trendSentence({ what: "Engagements", per: "a week", values: d.engagements.map((w) => w.total), labels, period: "over the last 8 weeks" }),
      categories: labels,
      series: [{ label: "Engagements", values: d.engagements.map((w) => w.total) }],
      xLabel: "Week starting",
      yLabel: "Engagements",
      size: "small",
    }),
    barChart({
      id: "dash-agreements",
      title: "Agreement status",
      summary: partsSentence({ of: "properties", of1: "property", parts: agreementParts }),
      categories: ["Signed", "Expiring", "Expired", "None"],
      series: [{ label: "Properties", values: agreementParts.map((p) => p.value) }],
      xLabel: "Status",
      yLabel: "Properties",
      size: "small",
    }),
    barChart({
      id: "dash-overdue",
      title: "Overdue items",
      summary: `${d.overdue.commitments} overdue ${d.overdue.commitments === 1 ? "commitment" : "commitments"} and ${d.overdue.grievances} overdue ${d.overdue.grievances === 1 ? "grievance" : "grievances"}.`,
      categories: ["Commitments", "Grievances"],
      series: [{ label: "Overdue", values: [d.overdue.commitments, d.overdue.grievances] }],
      xLabel: "Overdue",
      yLabel: "Items",
      size: "small",
    }),
  ];
}
