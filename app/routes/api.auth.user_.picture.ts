import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { decodeInlinePicture, readStoredPicture } from "~/modules/auth/profile-picture.server";
import { AppError } from "~/utils/app-error";
import { handleAppErrors } from "~/utils/http.server";

/**
 * GET /api/auth/user/picture: the signed-in user's own profile picture, kept at sign-in, served from
 * our origin so the page's CSP needs no third-party image source (docs/access.md#profile-pictures).
 * The URL pages use carries the picture's version (`?v=`), so the browser may keep each one.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    const picture = decodeInlinePicture(await readStoredPicture(user.id));
    if (!picture) throw new AppError(404, "No profile picture");
    return new Response(new Uint8Array(picture.bytes), {
      headers: {
        "Content-Type": picture.type,
        "Content-Length": String(picture.bytes.length),
        "Cache-Control": "private, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
