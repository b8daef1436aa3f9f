import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { isApiPath, splitBuildByApi } from "./split-build.server";

const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({ id, parentId, path, index, module: {} });

// The shape of the classic compiler's server build, with only what the split reads.
const build = {
  mode: "production",
  routes: {
    root: route("root", undefined, ""),
    "routes/$": route("routes/$", "root", "*"),
    "routes/_index": route("routes/_index", "root", undefined, true),
    "routes/stakeholders": route("routes/stakeholders", "root", "stakeholders"),
    "routes/api.stakeholders": route("routes/api.stakeholders", "root", "api/stakeholders"),
    "routes/api.users.$id": route("routes/api.users.$id", "root", "api/users/:id"),
    "routes/apiary": route("routes/apiary", "root", "apiary"),
  },
  assets: {
    version: "1",
    url: "/build/manifest.js",
    entry: { module: "/build/entry.js", imports: [] },
    routes: Object.fromEntries(["root", "routes/$", "routes/_index", "routes/stakeholders", "routes/api.stakeholders", "routes/api.users.$id", "routes/apiary"].map((id) => [id, { id }])),
  },
} as unknown as ServerBuild;

describe("splitBuildByApi", () => {
  const { api, pages } = splitBuildByApi(build);

  it("gives the /api handler the /api routes, the root and the catch-all", () => {
    expect(Object.keys(api.routes).sort()).toEqual(["root", "routes/$", "routes/api.stakeholders", "routes/api.users.$id"]);
    expect(Object.keys(api.assets.routes)).toEqual(Object.keys(api.routes));
  });

  it("gives the page handler everything else, including a page whose path only starts with the letters api", () => {
    expect(Object.keys(pages.routes).sort()).toEqual(["root", "routes/$", "routes/_index", "routes/apiary", "routes/stakeholders"]);
    expect(Object.keys(pages.assets.routes)).toEqual(Object.keys(pages.routes));
  });

  it("keeps the rest of the build as it is", () => {
    expect(pages.mode).toBe("production");
    expect(api.assets.entry).toBe(build.assets.entry);
    expect(build.routes["routes/api.stakeholders"]).toBeDefined();
  });
});

describe("isApiPath", () => {
  it("matches /api and paths below it only", () => {
    expect(isApiPath("/api")).toBe(true);
    expect(isApiPath("/api/stakeholders")).toBe(true);
    expect(isApiPath("/apiary")).toBe(false);
    expect(isApiPath("/stakeholders")).toBe(false);
  });
});
