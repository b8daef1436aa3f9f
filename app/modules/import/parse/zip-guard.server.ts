/**
 * Opens an .xlsx (a zip) without trusting it: the central directory is read first and the file is
 * refused, before anything is inflated, when its parts declare more uncompressed data than the cap
 * or an absurd compression ratio (a zip bomb). Parts are then inflated one at a time through yauzl,
 * which stops a part that inflates past its declared size, and a running count caps what is really
 * inflated across the whole workbook.
 */
import { Transform, type Readable } from "node:stream";
import yauzl from "yauzl";
import { AppError } from "~/utils/app-error";
import { unreadable } from "./errors";
import { NOT_A_WORKBOOK_MESSAGE } from "./file-kind";
import { LIMIT_MESSAGES, zipEntryTooExpansive, type ParseLimits } from "./limits";

const MAX_ENTRIES = 10_000;

export interface GuardedZip {
  has(name: string): boolean;
  /** The part's inflated bytes as UTF-8 text chunks (split safely between characters). */
  openText(name: string): Promise<Readable>;
  close(): void;
}

class InflateCapError extends Error {}

export async function openGuardedZip(path: string, limits: Pick<ParseLimits, "maxInflatedBytes" | "maxCompressionRatio" | "ratioFloorBytes">): Promise<GuardedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw unreadable(NOT_A_WORKBOOK_MESSAGE);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= MAX_ENTRIES) throw unreadable(NOT_A_WORKBOOK_MESSAGE);
      if (entry.isEncrypted()) throw unreadable("The workbook is password-protected. Remove the password in Excel, save it, and try again.");
      declared += entry.uncompressedSize;
      if (declared > limits.maxInflatedBytes || zipEntryTooExpansive(entry.compressedSize, entry.uncompressedSize, limits)) throw unreadable(LIMIT_MESSAGES.inflatesTooFar);
      entries.set(entry.fileName, entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof AppError) throw error;
    throw unreadable(NOT_A_WORKBOOK_MESSAGE);
  }

  let inflated = 0;
  return {
    has: (name) => entries.has(name),
    async openText(name) {
      const entry = entries.get(name);
      if (!entry) throw unreadable(NOT_A_WORKBOOK_MESSAGE);
      let raw: Readable;
      try {
        raw = await zip.openReadStreamPromise(entry);
      } catch {
        throw unreadable(NOT_A_WORKBOOK_MESSAGE);
      }
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          inflated += chunk.length;
          if (inflated > limits.maxInflatedBytes) callback(new InflateCapError());
          else callback(null, chunk);
        },
      });
      // A corrupt part or one inflating past its declared size fails here, as the workbook's fault.
      raw.on("error", (error) => counted.destroy(/too many bytes/i.test(error.message) ? new InflateCapError() : error));
      counted.on("error", () => raw.destroy());
      raw.pipe(counted);
      counted.setEncoding("utf8");
      return counted;
    },
    close: () => zip.close(),
  };
}

/** What a failed part read means to the user. */
export function zipReadError(error: unknown) {
  if (error instanceof InflateCapError) return unreadable(LIMIT_MESSAGES.inflatesTooFar);
  return unreadable(NOT_A_WORKBOOK_MESSAGE);
}

export { InflateCapError };
