import fs from "node:fs";
import path from "node:path";
import * as pdfWorker from "./pdf-worker.server";
import { untrustedDocumentOptions } from "./pdfjs.server";

const FORM = path.resolve(__dirname, "../../tests/fixtures/project-startup/startup-form-fillable.pdf");

const read = () => pdfWorker.readPdfPages({ bytes: new Uint8Array(fs.readFileSync(FORM)), maxPages: 1, deadline: { remainingMs: () => 30_000 }, documentOptions: untrustedDocumentOptions() });

describe("the PDF worker pool", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("does not hand out a worker that its idle timer is stopping: the next read gets a fresh one and succeeds", async () => {
    // Only the pool's idle timer is made controllable; the read itself runs on real time.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    expect((await read()).numPages).toBeGreaterThan(0);
    const started = pdfWorker.pdfWorkersStarted;
    // A minute idle: the worker is being stopped. A read asked for at that moment used to be handed the
    // stopping worker and failed as a damaged file ("Failed to process PDF") when it exited.
    vi.advanceTimersByTime(60_000);
    const next = await read();
    expect(next.numPages).toBeGreaterThan(0);
    expect(pdfWorker.pdfWorkersStarted).toBe(started + 1);
  }, 60_000);
});
