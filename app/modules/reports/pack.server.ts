import ExcelJS from "exceljs";
import PDFDocument from "pdfkit";
import { collectPdfBytes, drawableText, loadFonts } from "~/utils/pdf-fonts.server";
import { CHART_COLOURS, type ChartModel } from "./chart-model";
import type { ReportFigures } from "./figures";
import { shortDate } from "./range";
import { reportCharts } from "./report-charts.server";
import type { PackList } from "./pack-lists.server";
import { keyFigures } from "./reports-page.server";

/**
 * The report pack's two files for a range (docs/records.md#report-pack): a PDF (cover, key figures,
 * each chart drawn as vector shapes with its sentence and its numbers, all as selectable text) and an
 * Excel workbook with one sheet per table, then the lists of overdue grievances and commitments and of
 * agreements expiring soon (pack-lists.server.ts). Built from the same figures and chart layouts as
 * /reports; the pack job (pack-job.server.ts) calls them and stores the files as documents.
 */

export const packFileName = (f: ReportFigures, ext: "pdf" | "xlsx") => `report_pack_${f.range.from}_to_${f.range.to}.${ext}`;

const MARGIN = 48;

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel's rules), unique. */
function sheetName(title: string, used: Set<string>): string {
  let name = title
    .replace(/[[\]:*?/\\]/g, " ")
    .slice(0, 31)
    .trim();
  for (let i = 2; used.has(name); i++) name = `${name.slice(0, 28)} ${i}`;
  used.add(name);
  return name;
}

/** One sheet of key figures, then one sheet per chart with its table and sentence. */
export async function reportPackWorkbook(projectName: string, f: ReportFigures, charts: ChartModel[] = reportCharts(f), lists: PackList[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const used = new Set<string>();
  const key = workbook.addWorksheet(sheetName("Key figures", used));
  key.columns = [{ width: 30 }, { width: 16 }, { width: 50 }];
  key.addRow(["Report pack"]).font = { bold: true };
  key.addRow(["Project", projectName]);
  key.addRow(["From", f.range.from]);
  key.addRow(["To", f.range.to]);
  key.addRow(["Worked out on", f.today]);
  key.addRow([]);
  key.addRow(["Figure", "Value", "Note"]).font = { bold: true };
  for (const k of keyFigures(f)) key.addRow([k.label, k.value, k.note ?? null]);
  for (const chart of charts) {
    const sheet = workbook.addWorksheet(sheetName(chart.title, used));
    sheet.columns = chart.table.columns.map((_, i) => ({ width: i === 0 ? 26 : 16 }));
    sheet.addRow([chart.title]).font = { bold: true };
    sheet.addRow([chart.summary]);
    sheet.addRow([]);
    sheet.addRow(chart.table.columns).font = { bold: true };
    for (const row of chart.table.rows) sheet.addRow([row.label, ...row.values]);
  }
  for (const list of lists) {
    const sheet = workbook.addWorksheet(sheetName(list.title, used));
    sheet.columns = list.columns.map((_, i) => ({ width: i === 0 ? 30 : 18 }));
    sheet.addRow([list.title]).font = { bold: true };
    sheet.addRow([list.rows.length ? `${list.rows.length} on ${f.today}` : list.empty]);
    sheet.addRow([]);
    sheet.addRow(list.columns).font = { bold: true };
    for (const row of list.rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The PDF: a cover with the project and range, the key figures, then each chart on the page with its sentence and table. */
export async function reportPackPdf(projectName: string, f: ReportFigures, charts: ChartModel[] = reportCharts(f), lists: PackList[] = []): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: regular as unknown as string,
    lang: "en-AU",
    displayTitle: true,
    info: { Title: drawableText(`Report pack: ${projectName}`), Creator: "Land Liaison Records" },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const bytes = collectPdfBytes(doc);
  const width = doc.page.width - MARGIN * 2;
  const write = (text: string, font: "regular" | "bold", size: number) => doc.font(font).fontSize(size).text(drawableText(text), MARGIN, undefined, { width, lineGap: 2 });

  write("Report pack", "bold", 26);
  write(projectName, "bold", 16);
  write(`${shortDate(f.range.from, true)} to ${shortDate(f.range.to, true)}`, "regular", 13);
  write(`Worked out on ${shortDate(f.today, true)}, on the project's calendar (${f.timeZone}).`, "regular", 10);
  doc.moveDown(1.5);
  write("Key figures", "bold", 16);
  for (const k of keyFigures(f)) write(`${k.label}: ${k.value}${k.note ? ` (${k.note})` : ""}`, "regular", 11);

  for (const chart of charts) {
    doc.addPage();
    write(chart.title, "bold", 16);
    write(chart.summary, "regular", 11);
    doc.moveDown(0.5);
    drawChart(doc, chart, width);
    doc.moveDown(0.5);
    write(chart.table.columns.join(" | "), "bold", 9);
    for (const row of chart.table.rows) write([row.label, ...row.values.map(String)].join(" | "), "regular", 9);
  }
  for (const list of lists) {
    doc.addPage();
    write(list.title, "bold", 16);
    write(list.rows.length ? `${list.rows.length} on ${shortDate(f.today, true)}.` : list.empty, "regular", 11);
    if (!list.rows.length) continue;
    doc.moveDown(0.5);
    write(list.columns.join(" | "), "bold", 9);
    for (const row of list.rows) write(row.join(" | "), "regular", 9);
  }
  doc.end();
  return bytes;
}

/** The chart's bars and lines, scaled from its layout into the page width, with its axis labels as text. */
function drawChart(doc: PDFKit.PDFDocument, chart: ChartModel, width: number) {
  const scale = width / chart.width;
  const top = doc.y;
  const x = (v: number) => MARGIN + v * scale;
  const y = (v: number) => top + v * scale;
  doc.save();
  doc.lineWidth(0.5).strokeColor("#999999");
  for (const t of chart.yTicks) doc.moveTo(x(chart.plot.left), y(t.y)).lineTo(x(chart.plot.right), y(t.y)).stroke();
  for (const bar of chart.bars) doc.rect(x(bar.x), y(bar.y), bar.width * scale, bar.height * scale).fill(CHART_COLOURS[bar.series % CHART_COLOURS.length]!);
  for (const line of chart.lines) {
    const colour = CHART_COLOURS[line.series % CHART_COLOURS.length]!;
    line.points.forEach((p, i) => (i ? doc.lineTo(x(p.x), y(p.y)) : doc.moveTo(x(p.x), y(p.y))));
    doc.lineWidth(2).strokeColor(colour);
    if (line.series) doc.dash(6, { space: 3 });
    doc.stroke().undash();
  }
  doc.restore();
  doc.font("regular").fontSize(8).fillColor("#333333");
  for (const t of chart.yTicks) doc.text(t.label, MARGIN, y(t.y) - 4, { width: chart.plot.left * scale - 4, align: "right" });
  for (const t of chart.xTicks) doc.text(drawableText(t.label), x(t.x) - 40, y(chart.plot.bottom) + 3, { width: 80, align: "center" });
  doc.fillColor("#000000");
  doc.y = top + chart.height * scale + 6;
}
