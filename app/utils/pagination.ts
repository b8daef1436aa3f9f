/** limit/offset from a query string, clamped so no request can ask for an unbounded page. */
export function pageParams(params: URLSearchParams, { defaultLimit = 50, maxLimit = 200 } = {}) {
  const limit = Number.parseInt(params.get("limit") ?? "", 10);
  const offset = Number.parseInt(params.get("offset") ?? "", 10);
  return {
    limit: Number.isFinite(limit) && limit > 0 ? Math.min(limit, maxLimit) : defaultLimit,
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  };
}
