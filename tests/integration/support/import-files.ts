import fs from "node:fs";
import { Readable } from "node:stream";
import yazl from "yazl";

export const FIXTURES = new URL("../../fixtures/import/", import.meta.url);
export const fixture = (name: string) => fs.readFileSync(new URL(name, FIXTURES));

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Bomb" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>`;

/** `bytes` of spaces (valid XML whitespace), produced in chunks so nothing big is held. */
function spaces(bytes: number) {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let left = bytes;
  return Readable.from(
    (function* () {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
      }
    })(),
  );
}

/**
 * A well-formed .xlsx whose one worksheet inflates to `inflatedBytes` (a zip bomb: a few hundred KB
 * on disk). With `lie`, the zip directory declares the sheet as 1,000 bytes, so only the inflated-byte
 * checks can catch it.
 */
export async function zipBomb(inflatedBytes: number, { lie = false } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), "[Content_Types].xml");
  zip.addBuffer(Buffer.from(ROOT_RELS), "_rels/.rels");
  zip.addBuffer(Buffer.from(WORKBOOK), "xl/workbook.xml");
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), "xl/_rels/workbook.xml.rels");
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(SHEET_HEAD);
      for await (const chunk of spaces(inflatedBytes)) yield chunk as Buffer;
      yield Buffer.from("</sheetData></worksheet>");
    })(),
  );
  zip.addReadStream(body, "xl/worksheets/sheet1.xml", { compressionLevel: 1 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const file = Buffer.concat(chunks);
  if (lie) declareSmall(file, "xl/worksheets/sheet1.xml", 1000);
  return file;
}

/** Rewrites the uncompressed size the central directory gives for one entry. */
function declareSmall(zip: Buffer, name: string, size: number) {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let offset = zip.readUInt32LE(eocd + 16);
  const entries = zip.readUInt16LE(eocd + 10);
  for (let i = 0; i < entries; i++) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const extra = zip.readUInt16LE(offset + 30);
    const comment = zip.readUInt16LE(offset + 32);
    if (zip.toString("utf8", offset + 46, offset + 46 + nameLength) === name) zip.writeUInt32LE(size, offset + 24);
    offset += 46 + nameLength + extra + comment;
  }
}

/** A CSV of `rows` data rows and a header, generated as it is read. */
export async function* csvRows(rows: number): AsyncGenerator<Uint8Array> {
  const enc = new TextEncoder();
  yield enc.encode("Name,Email,Mobile,Group\n");
  const batch = 5000;
  for (let start = 0; start < rows; start += batch) {
    let text = "";
    for (let r = start; r < Math.min(rows, start + batch); r++) text += `Name ${r},name${r}@example.com,04${String(r).padStart(8, "0")},${r % 7}\n`;
    yield enc.encode(text);
  }
}
