import { isCrossOriginRequest } from "./cross-origin.server";

const HOST = "records.example.test";

describe("isCrossOriginRequest", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get"])("never refuses the safe method %s, even cross-site", (method) => {
    expect(isCrossOriginRequest(method, { secFetchSite: "cross-site", origin: "https://evil.example", host: HOST })).toBe(false);
  });

  describe("with Sec-Fetch-Site", () => {
    it.each([
      ["same-origin", false],
      ["none", false],
      ["cross-site", true],
      ["same-site", true],
    ] as const)("POST with Sec-Fetch-Site %s → refused=%s", (site, refused) => {
      // A matching Origin must not rescue a cross-site request, nor a foreign one spoil a same-origin one.
      expect(isCrossOriginRequest("POST", { secFetchSite: site, origin: `https://${HOST}`, host: HOST })).toBe(refused);
      expect(isCrossOriginRequest("POST", { secFetchSite: site, origin: "https://evil.example", host: HOST })).toBe(refused);
    });

    it.each(["PUT", "PATCH", "DELETE", "post"])("treats %s as unsafe", (method) => {
      expect(isCrossOriginRequest(method, { secFetchSite: "cross-site", host: HOST })).toBe(true);
      expect(isCrossOriginRequest(method, { secFetchSite: "same-origin", host: HOST })).toBe(false);
    });
  });

  describe("without Sec-Fetch-Site", () => {
    it("allows a request with no Origin (curl, server to server)", () => {
      expect(isCrossOriginRequest("POST", { host: HOST })).toBe(false);
      expect(isCrossOriginRequest("POST", { origin: "", host: HOST })).toBe(false);
    });

    it("allows an Origin whose host (with port) matches", () => {
      expect(isCrossOriginRequest("POST", { origin: `https://${HOST}`, host: HOST })).toBe(false);
      expect(isCrossOriginRequest("POST", { origin: "http://localhost:3000", host: "localhost:3000" })).toBe(false);
    });

    it("refuses an Origin of another host or port", () => {
      expect(isCrossOriginRequest("POST", { origin: "https://evil.example", host: HOST })).toBe(true);
      expect(isCrossOriginRequest("POST", { origin: "http://localhost:3001", host: "localhost:3000" })).toBe(true);
      expect(isCrossOriginRequest("POST", { origin: `https://sub.${HOST}`, host: HOST })).toBe(true);
      expect(isCrossOriginRequest("POST", { origin: `https://${HOST}`, host: undefined })).toBe(true);
    });

    it("refuses the opaque origin 'null'", () => {
      expect(isCrossOriginRequest("POST", { origin: "null", host: HOST })).toBe(true);
    });

    it("refuses a malformed Origin", () => {
      expect(isCrossOriginRequest("POST", { origin: "not a url", host: HOST })).toBe(true);
      expect(isCrossOriginRequest("POST", { origin: "://", host: HOST })).toBe(true);
    });
  });
});
