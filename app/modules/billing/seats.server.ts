/**
 * A client's seats (docs/administration.md#seats): its active users, counted for the seat rule in
 * seats.ts, and the quantity last sent to the payment provider.
 */
import type { IClient } from "~db/entities/Client";
import { sqlOne } from "~db/sql.server";

/**
 * The client's active users: not deactivated, not deleted, and not system administrators (who
 * manage every client and belong to none for billing). Pending invitations are not users yet.
 */
export async function countActiveUsers(clientId: number): Promise<number> {
  const row = await sqlOne<{ n: number }>(`select count(*)::int as n from "user" where client_id = ? and is_active and deleted_at is null and system_role <> 'system_admin'`, [clientId]);
  return row?.n ?? 0;
}

/** The seat quantity last sent to the payment provider, kept in the client's settings. */
export interface BilledSeats {
  quantity: number;
  at: string;
}

export function billedSeatsOf(client: Pick<IClient, "settings">): BilledSeats | null {
  const billed = (client.settings as { billedSeats?: BilledSeats } | null)?.billedSeats;
  return billed && Number.isInteger(billed.quantity) ? billed : null;
}
