import pg from "pg";
import { vi } from "vitest";

/**
 * Records the statements sent to PostgreSQL, whichever path sent them: the ORM, `sqlRows`, or a prepared
 * read (`sqlRowsPrepared`, which does not go through the ORM's `execute`). All of them end in a `pg`
 * client's `query`. `stop()` when done (in a `finally`).
 */
export function recordStatements() {
  const query = vi.spyOn(pg.Client.prototype, "query");
  const texts = () => query.mock.calls.map(([sent]) => (typeof sent === "string" ? sent : String((sent as { text?: unknown }).text)));
  return {
    /** The statements sent since the start or the last `clear()`, in order. */
    get statements(): string[] {
      return texts();
    },
    clear: () => query.mockClear(),
    stop: () => query.mockRestore(),
  };
}
