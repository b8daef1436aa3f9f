import { drawableText, loadFonts } from "./pdf-fonts.server";

describe("drawableText", () => {
  it("keeps characters the font lacks readable: accents dropped where needed, else ?", () => {
    const face = { hasGlyphForCodePoint: (cp: number) => cp < 0x250 };
    expect(drawableText("Nguyễn Văn", face)).toBe("Nguyen Văn");
    expect(drawableText("東京 ok", face)).toBe("?? ok");
    expect(drawableText("line\r\nbreak\u0007", face)).toBe("line\nbreak");
  });

  it("draws what Liberation Sans has as it is", () => {
    expect(drawableText("Zoë Ελληνικά Кириллица", loadFonts().face)).toBe("Zoë Ελληνικά Кириллица");
  });
});
