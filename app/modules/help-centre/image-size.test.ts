import { imageSize } from "./image-size";

describe("imageSize", () => {
  it("reads a PNG header", () => {
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0);
    png.writeUInt32BE(0x0d0a1a0a, 4);
    png.writeUInt32BE(13, 8);
    png.writeUInt32BE(0x49484452, 12);
    png.writeUInt32BE(1200, 16);
    png.writeUInt32BE(800, 20);
    expect(imageSize(png)).toEqual({ width: 1200, height: 800 });
  });

  it("reads a JPEG start-of-frame after other segments", () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03, 0, 0, 0, 0]);
    expect(imageSize(jpeg)).toEqual({ width: 600, height: 300 });
  });

  it("knows nothing else", () => {
    expect(imageSize(Buffer.from("GIF89a-------------------"))).toBeNull();
  });
});
