import { describe, expect, it } from "vitest";
import { domainListed, domainOf, inboundAddress, inboundKeyFrom, INBOUND_KEY_LENGTH, normaliseDomain, parseInboundAddress } from "./address";
import { authenticationFailed, parseAuthenticationResults } from "./auth-results";

describe("inbound address", () => {
  it("builds and parses key, tag and domain", () => {
    expect(inboundAddress("k7qmz3xw2p", "Inbound.Example", "grievance")).toBe("k7qmz3xw2p+grievance@inbound.example");
    expect(parseInboundAddress("K7QMZ3XW2P+Grievance@inbound.example", "inbound.example")).toEqual({ key: "k7qmz3xw2p", tag: "grievance" });
    expect(parseInboundAddress("k7qmz3xw2p@inbound.example", "inbound.example")).toEqual({ key: "k7qmz3xw2p", tag: null });
  });

  it("keeps an unknown tag as the plain address and refuses other domains", () => {
    expect(parseInboundAddress("k7qmz3xw2p+typo@inbound.example", "inbound.example")).toEqual({ key: "k7qmz3xw2p", tag: null });
    expect(parseInboundAddress("k7qmz3xw2p@other.example", "inbound.example")).toBeNull();
    expect(parseInboundAddress("a.b@inbound.example", "inbound.example")).toBeNull();
  });

  it("makes keys of the safe alphabet", () => {
    const key = inboundKeyFrom(new Uint8Array(32).map((_, i) => i * 37));
    expect(key).toHaveLength(INBOUND_KEY_LENGTH);
    expect(key).toMatch(/^[a-hj-km-np-z2-9]+$/);
  });
});

describe("domain lists", () => {
  it("normalises entries and refuses what is not a domain", () => {
    expect(normaliseDomain(" @Example.COM. ")).toBe("example.com");
    expect(normaliseDomain("*.farm.example")).toBe("farm.example");
    expect(normaliseDomain("not a domain")).toBeNull();
    expect(normaliseDomain("localhost")).toBeNull();
  });

  it("matches a domain and its subdomains only", () => {
    expect(domainOf("Jo@Mail.Farm.Example")).toBe("mail.farm.example");
    expect(domainListed("mail.farm.example", ["farm.example"])).toBe(true);
    expect(domainListed("badfarm.example", ["farm.example"])).toBe(false);
    expect(domainListed(null, ["farm.example"])).toBe(false);
  });
});

describe("Authentication-Results", () => {
  it("reads spf and dkim, ignoring comments", () => {
    const header = "mx.example; spf=pass (sender dkim=fail claimed) smtp.mailfrom=farm.example; dkim=fail header.d=x; dkim=pass header.d=farm.example";
    expect(parseAuthenticationResults(header)).toEqual({ spf: "pass", dkim: "pass" });
  });

  it("treats fail and softfail as failures, none and missing as not", () => {
    expect(authenticationFailed(parseAuthenticationResults("mx; spf=softfail"))).toBe(true);
    expect(authenticationFailed(parseAuthenticationResults("mx; dkim=fail"))).toBe(true);
    expect(authenticationFailed(parseAuthenticationResults("mx; spf=none; dkim=none"))).toBe(false);
    expect(authenticationFailed(parseAuthenticationResults(null))).toBe(false);
  });
});
