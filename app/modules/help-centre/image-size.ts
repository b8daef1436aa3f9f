import { imageSize as readImageSize } from "image-size";

/**
 * Pixel size of a PNG or JPEG (the two formats pdfkit and the Word writer embed), read from its header
 * with the image-size package; anything else, or a file too broken to read, is null.
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { type, width, height } = readImageSize(bytes);
    return (type === "png" || type === "jpg") && width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
