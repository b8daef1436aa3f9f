import { db, withRequestContext } from "../../db/orm";
import { getLayoutData } from "../../app/modules/layout/layout.server";
import { loader as pictureLoader } from "../../app/routes/api.auth.user_.picture";
import { loader as authUserLoader } from "../../app/routes/api.auth.user";
import { listUsers } from "../../app/modules/users/users.server";
import { imageAllowed, PAGE_IMAGE_SOURCES } from "../../app/utils/content-security";
import { currentUser } from "../factories/access";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, signedInRequest, URL_BASE } from "./stakeholder-helpers";

/**
 * Profile pictures (docs/access.md#profile-pictures): what sign-in kept is shown from our own
 * origin, which the page's CSP (img-src 'self' data:) allows; nothing else is shown.
 */
const PNG_BYTES = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PNG = `data:image/png;base64,${PNG_BYTES.toString("base64")}`;

let database: Awaited<ReturnType<typeof useTestDatabase>>;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
});

afterAll(async () => {
  await database?.drop();
});

const setPicture = (userId: string, picture: string | null) => withRequestContext(() => db().getConnection().execute(`update "user" set profile_image_url = ? where id = ?`, [picture, userId]));

async function shown(userId: string) {
  const request = await signedInRequest(userId, "/");
  return (await withRequestContext(() => getLayoutData(request))).user?.profileImageUrl ?? null;
}

async function picture(userId: string | null, path = "/api/auth/user/picture") {
  const request = userId ? await signedInRequest(userId, path) : new Request(`${URL_BASE}${path}`);
  return callRoute(() => pictureLoader({ request, params: {}, context: {} }));
}

describe("the signed-in user's picture", () => {
  it("is shown from our own origin, which the page's CSP allows, and served there as the image", async () => {
    await setPicture("seed-officer", PNG);
    const src = await shown("seed-officer");
    expect(src).toMatch(/^\/api\/auth\/user\/picture\?v=[0-9a-f]{12}$/);
    expect(imageAllowed(src!, URL_BASE)).toBe(true);
    // The picture is not in the page itself (it would be sent again with every page).
    expect(src).not.toContain("base64");

    const response = await picture("seed-officer", src!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG_BYTES);

    // GET /api/auth/user names the same URL.
    const user = await callRoute(async () => authUserLoader({ request: await signedInRequest("seed-officer", "/api/auth/user"), params: {}, context: {} }));
    expect(((await user.json()) as { profileImageUrl: string }).profileImageUrl).toBe(src);
  });

  it("changes its URL when the picture changes, so a kept copy is never shown for a new one", async () => {
    await setPicture("seed-officer", PNG);
    const before = await shown("seed-officer");
    await setPicture("seed-officer", `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.from([0])]).toString("base64")}`);
    expect(await shown("seed-officer")).not.toBe(before);
  });

  it.each([
    ["https://img.example.test/jane.png", "a provider's URL (kept before pictures were fetched)"],
    ["javascript:alert(1)", "javascript:"],
    ["data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+", "an SVG"],
    [null, "none"],
  ] as [string | null, string][])("shows nothing for %j (%s), and the route answers 404", async (stored) => {
    await setPicture("seed-viewer", stored);
    expect(await shown("seed-viewer")).toBeNull();
    const response = await picture("seed-viewer");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No profile picture" });
  });

  it("is the user's own only: another user gets theirs (or 404), a visitor 401", async () => {
    await setPicture("seed-officer", PNG);
    await setPicture("seed-viewer", null);
    expect((await picture("seed-viewer")).status).toBe(404);
    const anonymous = await picture(null);
    expect(anonymous.status).toBe(401);
  });
});

describe("the CSP allows what the screens show", () => {
  it("allows our own URLs and data:, and no provider's URL", () => {
    expect(PAGE_IMAGE_SOURCES).toEqual(["'self'", "data:"]);
    expect(imageAllowed("/api/auth/user/picture?v=0123456789ab", URL_BASE)).toBe(true);
    expect(imageAllowed(PNG, URL_BASE)).toBe(true);
    expect(imageAllowed("https://lh3.googleusercontent.com/a/x=s96-c", URL_BASE)).toBe(false);
    expect(imageAllowed("//img.example.test/p.png", URL_BASE)).toBe(false);
  });

  it("User Management's avatars are inline pictures the CSP allows", async () => {
    await setPicture("seed-officer", PNG);
    const admin = await withRequestContext(() => currentUser("seed-client-owner"));
    const { users } = await withRequestContext(() => listUsers(admin, { limit: 100, offset: 0 }));
    const officer = users.find((u) => u.id === "seed-officer");
    expect(officer?.profileImageUrl).toBe(PNG);
    for (const user of users) if (user.profileImageUrl) expect(imageAllowed(user.profileImageUrl, URL_BASE), user.id).toBe(true);
  });
});
