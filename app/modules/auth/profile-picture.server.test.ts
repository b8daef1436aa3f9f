import type dns from "node:dns";
import {
  decodeInlinePicture,
  fetchPicture,
  inlinePicture,
  isInlinePicture,
  isPublicAddress,
  pictureToKeep,
  pictureVersion,
  publicOnlyLookup,
  shownPictureUrl,
  sniffPicture,
} from "./profile-picture.server";
import { MAX_PICTURE_BYTES } from "./sso-claims";

const PNG_BYTES = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PNG = `data:image/png;base64,${PNG_BYTES.toString("base64")}`;
const bytes = (...values: number[]) => Buffer.from(values);

describe("sniffPicture and inlinePicture", () => {
  it("knows PNG, JPEG, GIF and WebP by their first bytes", () => {
    expect(sniffPicture(PNG_BYTES)).toBe("png");
    expect(sniffPicture(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffPicture(Buffer.from("GIF89a..."))).toBe("gif");
    expect(sniffPicture(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
  });

  it.each([
    ["<svg onload=alert(1)>", "SVG"],
    ["<!doctype html><script>", "HTML"],
    ["%PDF-1.7", "PDF"],
    ["", "nothing"],
  ])("refuses %j (%s)", (text) => {
    expect(sniffPicture(Buffer.from(text))).toBeNull();
    expect(inlinePicture(Buffer.from(text))).toBeNull();
  });

  it("makes a data: URL of a picture up to the limit, and refuses a larger one", () => {
    expect(inlinePicture(PNG_BYTES)).toBe(PNG);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_PICTURE_BYTES - PNG_BYTES.length)]);
    expect(inlinePicture(big)).toMatch(/^data:image\/png;base64,/);
    expect(inlinePicture(Buffer.concat([big, bytes(0)]))).toBeNull();
  });
});

describe("decodeInlinePicture", () => {
  it("gives back the bytes and type of a kept picture", () => {
    expect(decodeInlinePicture(PNG)).toEqual({ type: "image/png", bytes: PNG_BYTES });
  });

  it.each([
    ["https://img.example.test/p.png", "a URL (kept before pictures were fetched)"],
    [`data:image/jpeg;base64,${PNG_BYTES.toString("base64")}`, "bytes that are not what the URL says"],
    [`data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`, "an SVG called a PNG"],
    ["data:image/svg+xml;base64,PHN2Zz4=", "SVG"],
    ["javascript:alert(1)", "javascript:"],
    [null, "nothing"],
  ] as [string | null, string][])("refuses %j (%s)", (stored) => {
    expect(decodeInlinePicture(stored)).toBeNull();
  });
});

describe("the URL pages show", () => {
  it("is our own path with the picture's version, only for a kept picture", () => {
    expect(isInlinePicture(PNG)).toBe(true);
    expect(shownPictureUrl({ inline: true, version: pictureVersion(PNG) })).toBe(`/api/auth/user/picture?v=${pictureVersion(PNG)}`);
    expect(pictureVersion(PNG)).toMatch(/^[0-9a-f]{12}$/);
    expect(pictureVersion(`${PNG}A`)).not.toBe(pictureVersion(PNG));
    expect(isInlinePicture("https://img.example.test/p.png")).toBe(false);
    expect(shownPictureUrl({ inline: false, version: "0123456789ab" })).toBeNull();
    expect(shownPictureUrl({ inline: true, version: null })).toBeNull();
  });
});

describe("isPublicAddress", () => {
  it.each(["93.184.216.34", "142.250.70.225", "2606:4700::6810:85e5", "2a00:1450:4001:82b::2001"])("allows the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2002:a00:1::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "localhost",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("publicOnlyLookup", () => {
  const resolving =
    (...addresses: string[]) =>
    (_host: string, _options: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
      );
  const lookup = (resolve: ReturnType<typeof resolving>, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) => publicOnlyLookup(resolve)("img.example.test", { all }, (error, address) => done({ error, address })));

  it("passes public addresses on, one or all as asked", async () => {
    expect(await lookup(resolving("93.184.216.34"), false)).toEqual({ error: null, address: "93.184.216.34" });
    expect((await lookup(resolving("93.184.216.34", "2606:4700::6810:85e5"), true)).address).toHaveLength(2);
  });

  it("refuses a name with any private address among its answers (DNS rebinding, an internal host)", async () => {
    for (const answer of [["10.0.0.5"], ["169.254.169.254"], ["93.184.216.34", "127.0.0.1"], ["::1"], []]) {
      const { error } = await lookup(resolving(...answer), true);
      expect(error?.code, answer.join(",")).toBe("ENOTPUBLIC");
    }
  });
});

describe("fetchPicture and pictureToKeep", () => {
  it.each(["http://img.example.test/p.png", "https://127.0.0.1/p.png", "https://[::1]/p.png", "https://10.0.0.1/p.png", "https://169.254.169.254/latest/meta-data", "not a url"])(
    "fetches nothing from %s",
    async (url) => {
      let looked = false;
      const result = await fetchPicture(url, {
        lookup: ((...args: unknown[]) => {
          looked = true;
          (args[2] as (error: Error) => void)(new Error("no lookup expected"));
        }) as never,
      });
      expect(result).toBeNull();
      expect(looked).toBe(false);
    },
  );

  it("gives up on a host that resolves to a private address", async () => {
    const lookup = publicOnlyLookup((_host, _options, callback) => callback(null, [{ address: "127.0.0.1", family: 4 }]));
    expect(await fetchPicture("https://img.example.test/p.png", { lookup })).toBeNull();
  });

  it("keeps a data: picture as it is and fetches an https one; keeps nothing when the fetch fails", async () => {
    const fetched: string[] = [];
    const fetcher = async (url: string) => (fetched.push(url), url.endsWith("ok.png") ? PNG : null);
    expect(await pictureToKeep(undefined, fetcher)).toBeUndefined();
    expect(await pictureToKeep(PNG, fetcher)).toBe(PNG);
    expect(await pictureToKeep("https://img.example.test/ok.png", fetcher)).toBe(PNG);
    expect(await pictureToKeep("https://img.example.test/broken.png", fetcher)).toBeUndefined();
    expect(await pictureToKeep(`data:image/png;base64,${Buffer.from("<svg>").toString("base64")}`, fetcher)).toBeUndefined();
    expect(fetched).toEqual(["https://img.example.test/ok.png", "https://img.example.test/broken.png"]);
  });
});
