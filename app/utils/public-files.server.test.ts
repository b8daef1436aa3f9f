import type { NextFunction, Request, Response } from "express";
import { publicFilesOnly } from "./public-files.server";

const run = (path: string) => {
  const serve = vi.fn();
  const next = vi.fn() as unknown as NextFunction;
  publicFilesOnly(["favicon.svg", "docs-images", "build"], serve)({ path } as Request, {} as Response, next);
  return { served: serve.mock.calls.length === 1, passed: (next as unknown as ReturnType<typeof vi.fn>).mock.calls.length === 1 };
};

describe("publicFilesOnly", () => {
  it("hands paths under the public folder's names to the static handler", () => {
    expect(run("/favicon.svg")).toEqual({ served: true, passed: false });
    expect(run("/docs-images/dashboard.png")).toEqual({ served: true, passed: false });
    expect(run("/build/missing.js")).toEqual({ served: true, passed: false });
  });

  it("passes page paths on without asking the file system", () => {
    expect(run("/stakeholders")).toEqual({ served: false, passed: true });
    expect(run("/")).toEqual({ served: false, passed: true });
    expect(run("/api/stakeholders")).toEqual({ served: false, passed: true });
    expect(run("/favicon.svg.bak")).toEqual({ served: false, passed: true });
    expect(run("/docs-images-x/a.png")).toEqual({ served: false, passed: true });
  });
});
