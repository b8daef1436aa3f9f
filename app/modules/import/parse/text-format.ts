/**
 * How a CSV file is written: its character encoding (a BOM first, then strict UTF-8, else
 * Windows-1252 as Excel saves "CSV" on Windows; docs/decisions.md#text-encodings), whether it is text at all, and its
 * delimiter (comma, semicolon as European Excel writes, or tab).
 */

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
export type Delimiter = "," | ";" | "\t";

/** The encoding a byte-order mark announces, and how many bytes it takes; null without one. */
export function encodingFromBom(head: Uint8Array): { encoding: TextEncoding; bomBytes: number } | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bomBytes: 2 };
  return null;
}

/**
 * Checks bytes chunk by chunk for valid UTF-8 (a character may span chunks). `valid()` after the
 * last chunk tells whether the whole file was UTF-8.
 */
export function createUtf8Check() {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let ok = true;
  return {
    push(chunk: Uint8Array) {
      if (!ok) return;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        ok = false;
      }
    },
    valid() {
      if (!ok) return false;
      try {
        decoder.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
}

// C0 controls that never appear in a spreadsheet's text: everything but tab, line feed, vertical
// tab, form feed and carriage return. SUB (0x1a) is allowed as the end-of-file mark old DOS tools
// write. A NUL is the surest sign of a binary file (or UTF-16 without a BOM).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BINARY_CHARACTER = /[\u0000-\u0008\u000e-\u0019\u001b-\u001f\u007f]/;

/** The first character that shows the text is really binary data, or null. */
export function binaryCharacterIn(text: string): { index: number; code: number } | null {
  const match = BINARY_CHARACTER.exec(text);
  return match ? { index: match.index, code: match[0].charCodeAt(0) } : null;
}

const CANDIDATES: Delimiter[] = [",", ";", "\t"];
const SAMPLE_LINES = 20;

/** How many times each delimiter occurs outside quotes on each of the sample's first lines. */
function countPerLine(sample: string): Record<Delimiter, number[]> {
  const counts: Record<Delimiter, number[]> = { ",": [], ";": [], "\t": [] };
  let current: Record<Delimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let inQuotes = false;
  let lineHasContent = false;
  const endLine = () => {
    if (lineHasContent) for (const d of CANDIDATES) counts[d].push(current[d]);
    current = { ",": 0, ";": 0, "\t": 0 };
    lineHasContent = false;
  };
  for (let i = 0; i < sample.length && counts[","].length < SAMPLE_LINES; i++) {
    const ch = sample[i]!;
    if (ch === '"') {
      // A doubled quote inside a quoted field is an escaped quote and leaves the field open.
      if (inQuotes && sample[i + 1] === '"') i++;
      else inQuotes = !inQuotes;
      lineHasContent = true;
    } else if (inQuotes) continue;
    else if (ch === "\n" || ch === "\r") endLine();
    else {
      if (ch === "," || ch === ";" || ch === "\t") current[ch]++;
      if (ch.trim()) lineHasContent = true;
    }
  }
  // The last line counts only when the sample ended at the end of the file or at a line break.
  return counts;
}

/**
 * The delimiter of a CSV from its first lines: the candidate that appears on the header line and
 * the same number of times on the most lines (quoted text ignored). Comma when nothing decides.
 */
export function detectDelimiter(sample: string, { complete = false }: { complete?: boolean } = {}): Delimiter {
  let text = sample.startsWith("\ufeff") ? sample.slice(1) : sample;
  // Without the end of the file, the sample's last line may be cut short: leave it out.
  if (!complete) {
    const lastBreak = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
    if (lastBreak > 0) text = text.slice(0, lastBreak + 1);
  } else if (!/[\r\n]$/.test(text)) text += "\n";
  const counts = countPerLine(text);
  let best: Delimiter = ",";
  let bestScore = 0;
  for (const d of CANDIDATES) {
    const perLine = counts[d];
    const header = perLine[0] ?? 0;
    if (header === 0) continue;
    const consistent = perLine.filter((n) => n === header).length;
    // Lines agreeing with the header first, then how many columns it makes.
    const score = consistent * 1000 + header;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}
