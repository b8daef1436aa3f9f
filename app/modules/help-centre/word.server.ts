/**
 * A document as a Word file (.docx), written with the `docx` package from the same Markdown tokens:
 * the title (Word's Title style) and date, headings (## is Heading 1, so Word's navigation pane shows
 * the document's outline), paragraphs with bold, italic, code and links, bulleted and numbered lists
 * (nested), tables with a repeating header row, and images with their alt text.
 */
import type { Token, Tokens } from "marked";
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from "docx";
import { readDocImage, type LoadedDocument } from "./load.server";
import { formatDocDate } from "./dates";
import { imageSize } from "./image-size";
import { absoluteUrl, inlineRuns, soleImage, type Run } from "./inline";
import { headingLevel } from "./markdown";

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5];
const NUMBERED = "numbered";
/** Text width of an A4 page with Word's default margins, in pixels at 96 per inch. */
const MAX_IMAGE_WIDTH = 600;
const MAX_IMAGE_HEIGHT = 520;

type Block = Paragraph | Table;

export async function documentWord(document: LoadedDocument, origin: string): Promise<Buffer> {
  const writer = new WordWriter(origin);
  const body = await writer.blocks(document.tokens, 0);
  const doc = new Document({
    title: document.title,
    creator: "Land Liaison Records",
    description: `Land Liaison Records: ${document.title}`,
    numbering: {
      config: [
        {
          reference: NUMBERED,
          levels: Array.from({ length: 6 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(document.title)] }),
          new Paragraph({ children: [new TextRun({ text: `Last updated ${formatDocDate(document.lastUpdated)}`, color: "555555" })] }),
          ...body,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

class WordWriter {
  private listInstance = 0;

  constructor(private origin: string) {}

  async blocks(tokens: readonly Token[], listLevel: number, list?: { ordered: boolean; instance: number }): Promise<Block[]> {
    const out: Block[] = [];
    for (const token of tokens) out.push(...(await this.block(token, listLevel, list)));
    return out;
  }

  private async block(token: Token, listLevel: number, list?: { ordered: boolean; instance: number }): Promise<Block[]> {
    // Inside a list item the first paragraph carries the bullet or number.
    const listProps = list ? (list.ordered ? { numbering: { reference: NUMBERED, level: listLevel, instance: list.instance } } : { bullet: { level: listLevel } }) : {};
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        return [new Paragraph({ heading: HEADINGS[headingLevel(heading.depth) - 2], children: this.runs(inlineRuns(heading.tokens)), keepNext: true })];
      }
      case "paragraph": {
        const paragraph = token as Tokens.Paragraph;
        const image = soleImage(paragraph.tokens);
        if (image) return this.image(image);
        return [new Paragraph({ ...listProps, children: this.runs(inlineRuns(paragraph.tokens)) })];
      }
      case "text": {
        const text = token as Tokens.Text;
        return [new Paragraph({ ...listProps, children: this.runs(inlineRuns(text.tokens ?? [text])) })];
      }
      case "list": {
        const listToken = token as Tokens.List;
        const nested = list ? listLevel + 1 : 0;
        const instance = ++this.listInstance;
        const out: Block[] = [];
        for (const item of listToken.items) {
          const [first, ...rest] = item.tokens.filter((t) => t.type !== "space");
          if (first) out.push(...(await this.block(first, nested, { ordered: listToken.ordered, instance })));
          // Later paragraphs of an item are indented under it; nested lists go one level down.
          for (const more of rest) out.push(...(more.type === "list" ? await this.block(more, nested, { ordered: listToken.ordered, instance }) : await this.block(more, nested)));
        }
        return out;
      }
      case "table":
        return [this.table(token as Tokens.Table), new Paragraph({})];
      case "blockquote":
        return (await this.blocks((token as Tokens.Blockquote).tokens, listLevel)).map((block) => block);
      case "code":
        return (token as Tokens.Code).text
          .split("\n")
          .map((line) => new Paragraph({ children: [new TextRun({ text: line, font: "Consolas", size: 19 })], shading: { type: ShadingType.CLEAR, fill: "F2F2F2", color: "auto" } }));
      case "hr":
        return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "999999", space: 1 } } })];
      case "space":
        return [];
      default:
        return "text" in token && typeof token.text === "string" && token.text.trim() ? [new Paragraph({ children: [new TextRun(token.text)] })] : [];
    }
  }

  private runs(runs: Run[]): ParagraphChild[] {
    return runs
      .filter((run) => run.text)
      .map((run) => {
        // A line break inside a run (Markdown's hard break) starts the next piece on a new line.
        const pieces = run.text.split("\n").map(
          (text, i) =>
            new TextRun({
              text,
              break: i ? 1 : undefined,
              bold: run.bold,
              italics: run.italic,
              strike: run.strike,
              font: run.code ? "Consolas" : undefined,
              style: run.link && run.link !== "#" ? "Hyperlink" : undefined,
            }),
        );
        if (run.link && run.link !== "#") return [new ExternalHyperlink({ link: absoluteUrl(run.link, this.origin), children: pieces })];
        return pieces;
      })
      .flat();
  }

  private table(table: Tokens.Table): Table {
    const cell = (tokens: Token[], header: boolean) =>
      new TableCell({
        children: [new Paragraph({ children: this.runs(inlineRuns(tokens).map((run) => (header ? { ...run, bold: true } : run))) })],
        shading: header ? { type: ShadingType.CLEAR, fill: "E8E8E8", color: "auto" } : undefined,
      });
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({ tableHeader: true, cantSplit: true, children: table.header.map((c) => cell(c.tokens, true)) }),
        ...table.rows.map((row) => new TableRow({ cantSplit: true, children: table.header.map((_, i) => cell(row[i]?.tokens ?? [], false)) })),
      ],
    });
  }

  private async image(image: { src: string; alt: string }): Promise<Paragraph[]> {
    const file = await readDocImage(image.src);
    const size = file ? imageSize(file.bytes) : null;
    if (!file || !size || (file.mimeType !== "image/png" && file.mimeType !== "image/jpeg")) {
      return [new Paragraph({ children: [new TextRun({ text: `[Image: ${image.alt}]`, italics: true })] })];
    }
    const scale = Math.min(MAX_IMAGE_WIDTH / size.width, MAX_IMAGE_HEIGHT / size.height, 1);
    return [
      new Paragraph({
        keepNext: true,
        children: [
          new ImageRun({
            type: file.mimeType === "image/png" ? "png" : "jpg",
            data: file.bytes,
            transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
            altText: { name: image.alt.slice(0, 60), description: image.alt, title: image.alt },
          }),
        ],
      }),
      new Paragraph({ children: [new TextRun({ text: image.alt, italics: true, color: "555555", size: 18 })] }),
    ];
  }
}
