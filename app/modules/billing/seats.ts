/**
 * Seats on the Professional plan (docs/administration.md#seats): the price, the seats included and
 * what the client is billed each month. Pure; the count of a client's users is in seats.server.ts,
 * the plan cards read their texts from here and from plan-limits.ts.
 */
import type { SubscriptionPlan } from "~db/entities/enums";

/** Professional's monthly price in whole US dollars. */
export const PROFESSIONAL_MONTHLY_USD = 199;
/** Users the Professional price includes. */
export const INCLUDED_SEATS = 2;
/** The monthly price of each user beyond the included ones. */
export const SEAT_MONTHLY_USD = 25;

export const usd = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/** Billable seats: the client's active users beyond the included two (never negative). */
export function billableSeats(activeUsers: number): number {
  return Math.max(0, Math.floor(activeUsers) - INCLUDED_SEATS);
}

/** Professional's monthly amount for that many active users: the price plus each billable seat. */
export function monthlyAmountUSD(activeUsers: number): number {
  return PROFESSIONAL_MONTHLY_USD + billableSeats(activeUsers) * SEAT_MONTHLY_USD;
}

/** The Professional card's line about users. */
export const SEATS_FEATURE = `${INCLUDED_SEATS} users included, additional seats ${usd(SEAT_MONTHLY_USD)} per month each`;

export interface SeatSummary {
  activeUsers: number;
  includedSeats: number;
  billableSeats: number;
  seatMonthlyUSD: number;
  monthlyAmountUSD: number;
  /** Whether seats are billed through the payment provider (docs/administration.md#seats). */
  billingConnected: boolean;
  /** A free Professional month is running: nothing is billed until it ends. */
  freeMonth: boolean;
  /** What the page says about them, in one sentence. */
  text: string;
}

const seatsPhrase = (n: number) => `${n} additional ${n === 1 ? "seat" : "seats"}`;

/**
 * What /subscription says about seats. On Professional (a free month included) the seats and the
 * monthly amount; on Free what Professional would cost. Without a connected payment provider it
 * says plainly that nothing is billed.
 */
export function seatSummary(activeUsers: number, plan: SubscriptionPlan, billingConnected: boolean, freeMonth = false): SeatSummary {
  const seats = billableSeats(activeUsers);
  const amount = monthlyAmountUSD(activeUsers);
  const each = `${usd(SEAT_MONTHLY_USD)} a month each`;
  const users = `${activeUsers} active ${activeUsers === 1 ? "user" : "users"}`;
  let text: string;
  if (plan === "free" || plan === "starter") {
    text = `With ${users}, Professional would be ${usd(amount)} a month: ${usd(PROFESSIONAL_MONTHLY_USD)} with ${INCLUDED_SEATS} users included, and ${seatsPhrase(seats)} at ${each}.`;
  } else if (freeMonth) {
    text = `Nothing is billed during the free Professional month; after it, ${seatsPhrase(seats)} would be billed at ${each}.`;
  } else if (!billingConnected) {
    text = `Billing is not connected; ${seatsPhrase(seats)} would be billed at ${each} (${usd(amount)} a month in all).`;
  } else {
    text = `${users}: ${INCLUDED_SEATS} included and ${seatsPhrase(seats)} at ${each}, ${usd(amount)} a month in all.`;
  }
  return { activeUsers, includedSeats: INCLUDED_SEATS, billableSeats: seats, seatMonthlyUSD: SEAT_MONTHLY_USD, monthlyAmountUSD: amount, billingConnected, freeMonth, text };
}
