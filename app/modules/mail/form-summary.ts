/**
 * A readable summary of a submitted form as a message with both bodies (docs/lifecycle.md#notifications: the start-up and
 * closure notifications): a title, an optional introduction, then each label with its value. Every
 * value is escaped in the HTML body; inline styles only, as mail clients drop style sheets.
 */
export type SummaryValue = string | number | boolean | null | undefined;
/** [label, value]: a form field as the notification shows it. */
export type SummaryField = readonly [label: string, value: SummaryValue];

export interface SummaryMessage {
  subject: string;
  text: string;
  html: string;
}

export const NOT_PROVIDED = "Not provided";

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function displayValue(value: SummaryValue): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (value === null || value === undefined) return NOT_PROVIDED;
  const text = String(value)
    .replace(/\r\n?/g, "\n")
    .replace(/^\n+|\s+$/g, "");
  return text.trim() ? text : NOT_PROVIDED;
}

/** Escaped, with its line breaks kept. */
const htmlLines = (text: string) => escapeHtml(text).replace(/\n/g, "<br>\n");

function textField(label: string, value: string): string {
  if (!value.includes("\n")) return `${label}: ${value}`;
  return [`${label}:`, ...value.split("\n").map((line) => (line ? `  ${line}` : ""))].join("\n");
}

export function formSummaryMessage(title: string, fields: readonly SummaryField[], options: { intro?: string } = {}): SummaryMessage {
  const subject = title.replace(/\s+/g, " ").trim();
  const intro = options.intro?.trim();
  const shown = fields.map(([label, value]) => ({ label: label.trim(), value: displayValue(value) }));

  const text = [subject, "=".repeat(Math.min(subject.length, 72)), "", ...(intro ? [intro, ""] : []), ...shown.map((f) => textField(f.label, f.value)), ""].join("\n");

  const cell = "padding: 6px 12px 6px 0; vertical-align: top; border-bottom: 1px solid #d9d9d9;";
  const rows = shown.map((f) => `<tr><th scope="row" style="${cell} text-align: left; font-weight: bold;">${escapeHtml(f.label)}</th><td style="${cell}">${htmlLines(f.value)}</td></tr>`).join("\n");
  const html = [
    "<!DOCTYPE html>",
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin: 0; padding: 16px; font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1a1a; background: #ffffff;">',
    `<h1 style="font-size: 20px; margin: 0 0 12px;">${escapeHtml(subject)}</h1>`,
    ...(intro ? [`<p style="margin: 0 0 16px;">${htmlLines(intro)}</p>`] : []),
    `<table style="border-collapse: collapse; max-width: 720px;">`,
    `<tbody>`,
    rows,
    `</tbody>`,
    `</table>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");

  return { subject, text, html };
}
