/**
 * Search, sort and page parameters of a list screen, read from the URL with whitelists so a
 * hand-edited URL can never inject a column name, and helpers to build links that change one of them.
 */
export interface ListQuery<S extends string> {
  search: string;
  sort: S;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
  offset: number;
}

export const MAX_SEARCH_LENGTH = 200;

export function parseListQuery<S extends string>(params: URLSearchParams, options: { sortKeys: readonly S[]; defaultSort: S; defaultDir?: "asc" | "desc"; pageSize?: number }): ListQuery<S> {
  const sortParam = params.get("sort") as S | null;
  const sort = sortParam && options.sortKeys.includes(sortParam) ? sortParam : options.defaultSort;
  const dir = params.get("dir") === "desc" ? "desc" : params.get("dir") === "asc" ? "asc" : (options.defaultDir ?? "asc");
  const pageSize = options.pageSize ?? 25;
  const requested = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 100_000) : 1;
  const search = (params.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return { search, sort, dir, page, pageSize, offset: (page - 1) * pageSize };
}

/** The current URL's search with some parameters changed (null removes one). */
export function withParams(search: URLSearchParams | string, changes: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * URL helpers of a list screen whose dialogs are query parameters (docs/decisions.md#url-states): the list as it is now
 * (search, sort, view, page) with every panel closed, or with one panel open.
 */
export function panelUrls(panelParams: readonly string[]) {
  const closed = Object.fromEntries(panelParams.map((p) => [p, null]));
  // A list renders a panel link per row from the same search string: close the panels once, not per link.
  let last: { search: string; list: string } | null = null;
  const listSearch = (search: URLSearchParams | string) => {
    const key = search.toString();
    if (last?.search !== key) last = { search: key, list: withParams(key, closed) };
    return last.list;
  };
  const panelSearch = (search: URLSearchParams | string, changes: Record<string, string | number | null>) => withParams(listSearch(search), changes);
  return { listSearch, panelSearch };
}

/** Escapes % and _ so user text is matched literally inside an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
