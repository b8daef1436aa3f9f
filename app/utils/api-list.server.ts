import { json } from "@remix-run/node";
import { AppError } from "./app-error";

/** The most rows one list call returns, and what it returns when `limit` is not given. */
export const API_LIST_MAX_LIMIT = 1000;
/**
 * Offsets beyond this are clamped to it: no project has this many rows, so the page is still
 * empty, and PostgreSQL never sees a number outside its integer range.
 */
const MAX_OFFSET = 2_147_483_647;
const WHOLE_NUMBER = /^\d+$/;

export interface ListPage {
  limit: number;
  offset: number;
}

/**
 * `limit` and `offset` of an /api list call. Both are optional whole numbers: limit 1 to 1,000
 * (larger asks get 1,000; default 1,000), offset from 0 (default 0). Anything else is 400.
 */
export function parseListPage(request: Request, { maxLimit = API_LIST_MAX_LIMIT } = {}): ListPage {
  const params = new URL(request.url).searchParams;
  const limitText = params.get("limit") ?? "";
  const offsetText = params.get("offset") ?? "";
  if (limitText && (!WHOLE_NUMBER.test(limitText) || Number(limitText) < 1)) throw new AppError(400, `limit must be a whole number from 1 to ${maxLimit}`);
  if (offsetText && !WHOLE_NUMBER.test(offsetText)) throw new AppError(400, "offset must be a whole number from 0");
  return {
    limit: limitText ? Math.min(Number(limitText), maxLimit) : maxLimit,
    offset: offsetText ? Math.min(Number(offsetText), MAX_OFFSET) : 0,
  };
}

/**
 * One page of a list call: still a plain JSON array, with the number of matching rows in
 * `X-Total-Count` and, when more rows follow, the next page's URL in an RFC 8288 `Link` header.
 */
export function listResponse(request: Request, rows: unknown[], total: number, page: ListPage): Response {
  const headers = new Headers({ "X-Total-Count": String(total) });
  if (page.offset + page.limit < total) {
    const next = new URL(request.url);
    next.searchParams.set("offset", String(page.offset + page.limit));
    if (next.searchParams.has("limit")) next.searchParams.set("limit", String(page.limit));
    headers.set("Link", `<${next.href}>; rel="next"`);
  }
  return json(rows, { headers });
}

/** For lists the module returns whole (ids, small link sets): the requested page of them. */
export function pageOf<T>(rows: T[], page: ListPage): T[] {
  return rows.slice(page.offset, page.offset + page.limit);
}
