/**
 * Inline Markdown (the tokens inside a paragraph, heading, list item or table cell) as styled runs of
 * text, for the writers that are not HTML: the PDF and the Word document.
 */
import type { Token, Tokens } from "marked";
import { safeUrl } from "./markdown";

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  /** Absolute or site path; the writers make site paths absolute. */
  link?: string;
  /** An image inside the text: drawn by the writer, or its alt text where it cannot be. */
  image?: { src: string; alt: string };
}

type Style = Omit<Run, "text" | "image">;

/** A line break in the source inside a paragraph is a space (Markdown's soft break); only `br` breaks the line. */
const softBreaks = (text: string) => text.replace(/[ \t]*\r?\n[ \t]*/g, " ");

export function inlineRuns(tokens: readonly Token[] | undefined, style: Style = {}): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        runs.push(...inlineRuns((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case "em":
        runs.push(...inlineRuns((token as Tokens.Em).tokens, { ...style, italic: true }));
        break;
      case "del":
        runs.push(...inlineRuns((token as Tokens.Del).tokens, { ...style, strike: true }));
        break;
      case "codespan":
        runs.push({ ...style, text: softBreaks((token as Tokens.Codespan).text), code: true });
        break;
      case "link": {
        const link = token as Tokens.Link;
        runs.push(...inlineRuns(link.tokens, { ...style, link: safeUrl(link.href) }));
        break;
      }
      case "image": {
        const image = token as Tokens.Image;
        runs.push({ ...style, text: image.text, image: { src: image.href, alt: image.text } });
        break;
      }
      case "br":
        runs.push({ ...style, text: "\n" });
        break;
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens?.length) runs.push(...inlineRuns(text.tokens, style));
        else runs.push({ ...style, text: softBreaks(text.text) });
        break;
      }
      default:
        // escape, html (shown as text, as the HTML renderer does) and anything else with text.
        if ("text" in token && typeof token.text === "string") runs.push({ ...style, text: softBreaks(token.text) });
    }
  }
  return runs;
}

/** A paragraph that is only an image (with optional white space): drawn as a figure. */
export function soleImage(tokens: readonly Token[] | undefined): { src: string; alt: string } | null {
  const meaningful = (tokens ?? []).filter((t) => !(t.type === "text" && !(t as Tokens.Text).text.trim()));
  if (meaningful.length !== 1 || meaningful[0]!.type !== "image") return null;
  const image = meaningful[0] as Tokens.Image;
  return { src: image.href, alt: image.text };
}

/** Site paths (`/documentation/…`) as full addresses, so a link still works in a downloaded file. */
export function absoluteUrl(href: string, origin: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? `${origin}${href}` : href;
}
