/**
 * The rule for long downloads (exports, SQL dumps, restore points): how many may stream at once on
 * this server, and how many of them one user may hold (docs/operations.md#pools-and-timeouts). A
 * download the client stops reading keeps its slot until it is cut off, so the budget is what keeps
 * a few such clients from taking the connections and memory every other request needs.
 */

export interface DownloadLimits {
  /** Downloads streaming at once on this server (each may hold a database connection). */
  total: number;
  /** Of those, how many one user may hold. */
  perUser: number;
}

/** Seconds a refused client is asked to wait (Retry-After) before it tries again. */
export const DOWNLOAD_RETRY_AFTER_SECONDS = 30;

export type DownloadRefusal = {
  reason: "user" | "total";
  /** 429 when it is the user's own downloads, 503 when the server's budget is used up. */
  status: 429 | 503;
  message: string;
  retryAfterSeconds: number;
};

/** The words a refused user reads, on a page or in an /api error body. */
export function downloadRefusal(reason: DownloadRefusal["reason"], limits: DownloadLimits): DownloadRefusal {
  if (reason === "user") {
    const many = limits.perUser === 1 ? "a download" : `${limits.perUser} downloads`;
    return {
      reason,
      status: 429,
      message: `You already have ${many} in progress. Please wait for ${limits.perUser === 1 ? "it" : "one"} to finish, then try again.`,
      retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS,
    };
  }
  return { reason, status: 503, message: "Too many downloads are in progress. Please try again in a minute.", retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS };
}

export interface DownloadSlot {
  /** Gives the slot back; safe to call more than once. */
  release(): void;
}

export type Admission = { admitted: true; slot: DownloadSlot } | { admitted: false; refusal: DownloadRefusal };

/**
 * Counts the downloads in flight, in total and per user. The count is this process's (each server
 * has its own connections to protect); a slot is taken before any connection and given back when the
 * download ends, however it ends.
 */
export class DownloadBudget {
  private readonly byUser = new Map<string, number>();
  private inFlight = 0;

  constructor(readonly limits: DownloadLimits) {}

  admit(userId: string): Admission {
    const mine = this.byUser.get(userId) ?? 0;
    // The user's own limit first: it is the answer they can act on (wait for their download).
    if (mine >= this.limits.perUser) return { admitted: false, refusal: downloadRefusal("user", this.limits) };
    if (this.inFlight >= this.limits.total) return { admitted: false, refusal: downloadRefusal("total", this.limits) };
    this.byUser.set(userId, mine + 1);
    this.inFlight++;
    let released = false;
    return {
      admitted: true,
      slot: {
        release: () => {
          if (released) return;
          released = true;
          this.inFlight--;
          const left = (this.byUser.get(userId) ?? 1) - 1;
          if (left > 0) this.byUser.set(userId, left);
          else this.byUser.delete(userId);
        },
      },
    };
  }

  /** Downloads in flight, for one user or in total. */
  inUse(userId?: string): number {
    return userId === undefined ? this.inFlight : (this.byUser.get(userId) ?? 0);
  }
}
