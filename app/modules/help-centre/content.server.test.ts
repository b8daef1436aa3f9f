import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "~/utils/app-error";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { loadDocument, readDocImage, requireDocument } from "./content.server";

// A refusal is audited on its own connection; here there is no database, only the call to see.
vi.mock("~/modules/audit/audit.server", () => ({ recordSecurityEvent: vi.fn(async () => undefined) }));

let dir: string;
const write = (name: string, text: string, mtime: Date) => {
  fs.writeFileSync(path.join(dir, name), text);
  fs.utimesSync(path.join(dir, name), mtime, mtime);
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-doc-content-"));
  process.env.DOCS_CONTENT_DIR = dir;
});
afterAll(() => {
  delete process.env.DOCS_CONTENT_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

describe("loadDocument", () => {
  it("renders once and keeps the result until the file changes", async () => {
    write("user-guide.md", "---\ntitle: User Guide\nlastUpdated: 2026-11-01\n---\n## First\n", new Date("2026-11-01T00:00:00Z"));
    const first = await loadDocument("user-guide");
    expect(first).toMatchObject({ title: "User Guide", lastUpdated: "2026-11-01" });
    expect(first.html).toContain('<h2 id="first">First</h2>');
    expect(await loadDocument("user-guide")).toBe(first);

    write("user-guide.md", "---\ntitle: User Guide\nlastUpdated: 2026-11-02\n---\n## Second\n", new Date("2026-11-02T00:00:00Z"));
    const edited = await loadDocument("user-guide");
    expect(edited).not.toBe(first);
    expect(edited.html).toContain("Second");
  });

  it("appends a long document's chapters in file-name order, and an edited chapter is read again", async () => {
    fs.mkdirSync(path.join(dir, "sales-materials"), { recursive: true });
    write("sales-materials.md", "---\ntitle: Sales Materials\nlastUpdated: 2026-11-01\n---\n## Opening\n", new Date("2026-11-01T00:00:00Z"));
    write("sales-materials/02-later.md", "## Later\n", new Date("2026-11-01T00:00:00Z"));
    write("sales-materials/01-middle.md", "## Middle\n", new Date("2026-11-01T00:00:00Z"));
    const first = await loadDocument("sales-materials");
    expect(first.html.indexOf("Opening")).toBeLessThan(first.html.indexOf("Middle"));
    expect(first.html.indexOf("Middle")).toBeLessThan(first.html.indexOf("Later"));

    write("sales-materials/02-later.md", "## Changed\n", new Date("2026-11-03T00:00:00Z"));
    const edited = await loadDocument("sales-materials");
    expect(edited.html).toContain("Changed");
    expect(edited.html).not.toContain("Later");
  });

  it("answers the spec's message for a missing or broken file", async () => {
    expect(await failure(loadDocument("quick-reference"))).toEqual({ status: 500, message: "Failed to fetch documentation" });
    write("product-overview.md", "## No front matter\n", new Date());
    expect(await failure(loadDocument("product-overview"))).toEqual({ status: 500, message: "Failed to fetch documentation" });
  });
});

describe("requireDocument", () => {
  it("is 404 for an unknown name and 403 for a restricted document below system admin", async () => {
    const as = (role: "system_admin" | "client_owner" | "viewer") => ({ id: `seed-${role}`, clientId: 1, role });
    expect(await failure(requireDocument(as("system_admin"), "../user-guide"))).toEqual({ status: 404, message: "Documentation not found" });
    expect(await failure(requireDocument(as("client_owner"), "system-architecture"))).toEqual({ status: 403, message: "Access denied: Insufficient permissions" });
    expect(recordSecurityEvent).toHaveBeenCalledWith(expect.objectContaining({ action: "access.refused", userId: "seed-client_owner", entityType: "Documentation", entityId: "system-architecture" }));
    expect((await requireDocument(as("viewer"), "user-guide")).title).toBe("User Guide");
  });
});

describe("readDocImage", () => {
  it("reads only files directly in the images folder", async () => {
    for (const src of ["/docs-images/../package.json", "/docs-images/%2e%2e%2fpackage.json", "/favicon.svg", "https://example.com/a.png", "/docs-images/.hidden.png", "/docs-images/notes.txt"]) {
      expect(await readDocImage(src), src).toBeNull();
    }
  });
});
