import http from "node:http";
import type { AddressInfo } from "node:net";
import { load, startBareExpress } from "../../bench/lib.mjs";
import { freePort } from "./support/ports";

/**
 * The list benchmark's floor and its varied requests (bench/README.md, "Lists on a large project"):
 * the bare Express app runs in a process of its own, and load() sends the URLs it is given in turn.
 */
describe("bench:lists floor and load", () => {
  it("starts the bare Express app in its own process, answering <p>hello</p>", async () => {
    const bare = await startBareExpress({ port: await freePort() });
    try {
      expect(bare.pid).toBeGreaterThan(0);
      expect(bare.pid).not.toBe(process.pid);
      const response = await fetch(`${bare.baseUrl}/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("<p>hello</p>");
    } finally {
      await bare.stop();
    }
  }, 30_000);

  it("sends each of a list of URLs in turn across the connections", async () => {
    const seen = new Map<string, number>();
    const server = http.createServer((req, res) => {
      seen.set(req.url ?? "", (seen.get(req.url ?? "") ?? 0) + 1);
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const paths = ["/a?page=1", "/a?page=2", "/a?page=3&sort=name"];
      const result = await load(
        paths.map((p) => base + p),
        { connections: 3, seconds: 0.3 },
      );
      expect(result.errors).toBe(0);
      expect([...seen.keys()].sort()).toEqual([...paths].sort());
      const counts = [...seen.values()];
      // Taken in turn: no URL is sent more than once more than another.
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(result.requests);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
