import { json } from "@remix-run/node";
import { adminMenuFor, MAIN_NAV_ITEMS, roleLabel, TOOLS_MENU_ITEMS } from "~/modules/permissions/permissions";
import { maySwitchToSystemAdmin } from "~/modules/access/system-admin.server";
import { consumeFlash } from "~/modules/auth/flash.server";
import { displayName, getCurrentUser, type CurrentUser } from "~/modules/access/current-user.server";

function initials(user: CurrentUser): string {
  const letters = [user.firstName, user.lastName].filter(Boolean).map((part) => part!.trim()[0]);
  return (letters.length ? letters.join("") : user.email[0]).toUpperCase();
}

/**
 * The root loader's response. Built here rather than in root.tsx so the root route imports no
 * server-only package: each one becomes an empty stub chunk in the browser build, one more request
 * on every page (tests/e2e/page-weight.spec.ts).
 */
export async function layoutResponse(request: Request) {
  const { setCookie, ...data } = await getLayoutData(request);
  return json(data, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/**
 * What every page's frame needs: who is signed in, the menus their role allows, the pending message.
 * The picture is our own URL (`/api/auth/user/picture`), never the identity provider's: the CSP
 * allows images from this site and data: only (docs/access.md#profile-pictures).
 */
export async function getLayoutData(request: Request) {
  const user = await getCurrentUser(request);
  const { flash, setCookie } = await consumeFlash(request);
  return {
    user: user ? { displayName: displayName(user), roleLabel: roleLabel(user.role), profileImageUrl: user.profileImageUrl, initials: initials(user) } : null,
    nav: user ? { main: MAIN_NAV_ITEMS, tools: TOOLS_MENU_ITEMS, admin: adminMenuFor(user.role), switchToSystemAdmin: maySwitchToSystemAdmin(user) } : null,
    flash,
    setCookie,
  };
}
