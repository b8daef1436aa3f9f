import PDFDocument from "pdfkit";
import { Stakeholder } from "~db/entities/Stakeholder";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { sanitizeFileName } from "~/utils/file-names";
import { collectPdfBytes, drawableText, loadFonts } from "~/utils/pdf-fonts.server";
import { todayForProject } from "~/modules/calendar/today";
import { LETTER_TITLE, letterGroups, letterSentence, longDate, type LetterCommitment } from "./letter";

/**
 * The data of "What we promised you" for one stakeholder of the project (docs/records.md#commitments):
 * their open and fulfilled commitments, oldest promise first. Another project's stakeholder is a 404.
 */
export async function loadLetter(access: ProjectAccess, stakeholderId: number) {
  requirePermission(access, "viewData");
  const stakeholder = await db().findOne(Stakeholder, { id: stakeholderId, project: access.project.id }, { fields: ["id", "name"] });
  if (!stakeholder) throw new AppError(404, "Stakeholder not found");
  const rows = await sqlRows<{ id: number; description: string; promised_on: string; due_date: string | null; status: LetterCommitment["status"]; fulfilled_on: string | null }>(
    `select c.id, c.description, c.promised_on::text as promised_on, c.due_date::text as due_date, c.status, c.fulfilled_on::text as fulfilled_on
     from commitment c join commitment_stakeholder cs on cs.commitment_id = c.id
     where c.project_id = ? and cs.stakeholder_id = ? and c.status <> 'cancelled' order by c.promised_on, c.id limit 500`,
    [access.project.id, stakeholderId],
  );
  const commitments = rows.map((r) => ({ id: Number(r.id), description: r.description, promisedOn: r.promised_on, dueDate: r.due_date, status: r.status, fulfilledOn: r.fulfilled_on }));
  return { stakeholder: { id: stakeholder.id, name: stakeholder.name }, projectName: access.project.name, today: todayForProject(access.project), ...letterGroups(commitments) };
}

export type LetterData = Awaited<ReturnType<typeof loadLetter>>;

export const letterFileName = (name: string, today: string) => sanitizeFileName(`What we promised you - ${name.replace(/[/\\]+/g, "-").trim() || "stakeholder"} - ${today}.pdf`);

const MARGIN = 56;

/** The letter as PDF bytes, in the app's PDF fonts (utils/pdf-fonts.server.ts). */
export async function letterPdf(letter: LetterData): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: regular as unknown as string,
    lang: "en-AU",
    displayTitle: true,
    info: { Title: `${LETTER_TITLE}: ${drawableText(letter.stakeholder.name)}`, Creator: "Land Liaison Records" },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const bytes = collectPdfBytes(doc);
  const width = doc.page.width - MARGIN * 2;
  const write = (text: string, font: "regular" | "bold", size: number) => doc.font(font).fontSize(size).text(drawableText(text), { width, lineGap: 2 });
  write(longDate(letter.today), "regular", 11);
  doc.moveDown(1);
  write(`Dear ${letter.stakeholder.name},`, "regular", 11);
  doc.moveDown(0.6);
  write(LETTER_TITLE, "bold", 18);
  write(`These are the promises the ${letter.projectName} team made to you, and where each one stands.`, "regular", 11);
  doc.moveDown(0.8);
  for (const [heading, rows, none] of [
    ["Still to do", letter.open, "Nothing is outstanding."],
    ["Done", letter.fulfilled, "Nothing is marked done yet."],
  ] as const) {
    write(heading, "bold", 13);
    if (!rows.length) write(none, "regular", 11);
    for (const row of rows) write(`• ${letterSentence(row)}`, "regular", 11);
    doc.moveDown(0.8);
  }
  write("If anything here is not as you remember it, please tell us.", "regular", 11);
  doc.end();
  return bytes;
}
