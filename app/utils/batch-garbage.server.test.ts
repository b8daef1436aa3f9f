import { collectBetweenBatches } from "./batch-garbage.server";

const MB = 1024 * 1024;

describe("collectBetweenBatches", () => {
  const realGc = globalThis.gc;
  afterEach(() => {
    globalThis.gc = realGc;
    vi.restoreAllMocks();
  });

  it("collects the young generation after every batch and the whole heap only once it has grown 96 MB", () => {
    const calls: string[] = [];
    globalThis.gc = ((options?: { type?: string }) => void calls.push(options?.type ?? "major")) as typeof globalThis.gc;
    let heap = 100 * MB;
    vi.spyOn(process, "memoryUsage").mockImplementation(() => ({ rss: 0, heapTotal: 0, heapUsed: heap, external: 0, arrayBuffers: 0 }));

    collectBetweenBatches();
    heap += 50 * MB;
    collectBetweenBatches();
    expect(calls).toEqual(["minor", "minor"]);
    heap += 50 * MB; // 100 MB above the floor
    collectBetweenBatches();
    expect(calls).toEqual(["minor", "minor", "minor", "major"]);
  });

  it("does nothing without --expose-gc", () => {
    globalThis.gc = undefined;
    expect(() => collectBetweenBatches()).not.toThrow();
  });
});
