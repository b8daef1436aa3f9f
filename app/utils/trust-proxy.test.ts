import type { AddressInfo } from "node:net";
import express from "express";
import { getEnv, resetEnvCache } from "./env.server";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

describe("parseTrustProxy", () => {
  it.each([
    ["loopback", ["loopback"]],
    ["loopback, uniquelocal", ["loopback", "uniquelocal"]],
    ["10.0.0.0/8,fd00::/8 , 203.0.113.7", ["10.0.0.0/8", "fd00::/8", "203.0.113.7"]],
    ["172.16.0.0/255.240.0.0", ["172.16.0.0/255.240.0.0"]],
    ["1", 1],
    ["2", 2],
    ["true", true],
    ["false", false],
  ] as [string, TrustProxy][])("reads %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(["", "everyone", "loopback,,uniquelocal", "10.0.0.0/33", "fd00::/129", "10.0.0/8", "local host", "-1", "1.5", "yes", "10.0.0.1/8/8"])("refuses %j", (value) => {
    const parsed = parseTrustProxy(value);
    expect(parsed).toBeInstanceOf(Error);
    expect((parsed as Error).message).toMatch(/^TRUST_PROXY: /);
  });
});

describe("TRUST_PROXY in the configuration", () => {
  let saved: NodeJS.ProcessEnv;
  beforeEach(() => {
    saved = { ...process.env };
    delete process.env.TRUST_PROXY;
    process.env.SINGLE_INSTANCE = "true";
    process.env.LOCAL_SIGN_IN = "true";
    resetEnvCache();
  });
  afterEach(() => {
    process.env = saved;
    resetEnvCache();
  });

  it("defaults to loopback: a proxy on another machine is not believed until it is named", () => {
    expect(getEnv().trustProxy).toEqual(["loopback"]);
  });

  it("passes a list through, and stops the start on a value it does not understand", () => {
    process.env.TRUST_PROXY = "uniquelocal, 198.51.100.0/24";
    expect(getEnv().trustProxy).toEqual(["uniquelocal", "198.51.100.0/24"]);
    process.env.TRUST_PROXY = "all of them";
    resetEnvCache();
    expect(() => getEnv()).toThrow(/Invalid configuration: TRUST_PROXY: "all of them"/);
  });
});

describe("Express with the parsed setting", () => {
  /** What the app sees of a request from 127.0.0.1 that claims to have come over https from 203.0.113.9. */
  async function seen(value: string) {
    const setting = parseTrustProxy(value);
    if (setting instanceof Error) throw setting;
    const app = express();
    app.set("trust proxy", setting);
    app.get("/", (req, res) => res.json({ protocol: req.protocol, ip: req.ip }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" },
      });
      return (await response.json()) as { protocol: string; ip: string };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("believes a proxy on this machine by default", async () => {
    expect(await seen("loopback")).toEqual({ protocol: "https", ip: "203.0.113.9" });
  });

  it("does not believe a peer the setting does not name (the old private-address default would)", async () => {
    expect(await seen("uniquelocal")).toEqual({ protocol: "http", ip: "127.0.0.1" });
    expect(await seen("10.0.0.0/8")).toEqual({ protocol: "http", ip: "127.0.0.1" });
    expect(await seen("false")).toEqual({ protocol: "http", ip: "127.0.0.1" });
  });

  it("believes a named subnet and a hop count", async () => {
    expect(await seen("127.0.0.0/8")).toEqual({ protocol: "https", ip: "203.0.113.9" });
    expect(await seen("1")).toEqual({ protocol: "https", ip: "203.0.113.9" });
  });
});
