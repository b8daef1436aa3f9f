/**
 * The plan cards of the Subscription page (docs/administration.md#plans) and the page's FAQ: what is advertised.
 * What each plan allows is decided in plan-limits.ts and the seats in seats.ts; the cards' limits and
 * prices are read from there, so a card never says more or less than is enforced or billed.
 */
import { FREE_PLAN_DEFAULTS, limitFeature, projectLimit, storageLimitMB, usersPerProjectLimit, type PlanHolder } from "./plan-limits";
import { INCLUDED_SEATS, PROFESSIONAL_MONTHLY_USD, SEAT_MONTHLY_USD, SEATS_FEATURE, usd } from "./seats";

export type PlanCardId = "free" | "professional";

export interface PlanCard {
  id: PlanCardId;
  name: string;
  price: string;
  period: string;
  mostPopular: boolean;
  features: string[];
}

/** A new client on the Free plan, and the same client on Professional: the cards describe these. */
const FREE_CLIENT: PlanHolder = { name: "Free", subscriptionPlan: "free", ...FREE_PLAN_DEFAULTS };
const PROFESSIONAL_CLIENT: PlanHolder = { ...FREE_CLIENT, subscriptionPlan: "professional" };

export const PLAN_CARDS: readonly PlanCard[] = [
  {
    id: "free",
    name: "Free",
    price: "$0",
    period: "forever",
    mostPopular: false,
    features: [
      limitFeature(projectLimit(FREE_CLIENT), "projects"),
      limitFeature(usersPerProjectLimit(FREE_CLIENT), "users"),
      limitFeature(storageLimitMB(FREE_CLIENT), "storage"),
      "With branding",
      "Email support only",
    ],
  },
  {
    id: "professional",
    name: "Professional",
    price: usd(PROFESSIONAL_MONTHLY_USD),
    period: "per month",
    mostPopular: true,
    features: [
      limitFeature(projectLimit(PROFESSIONAL_CLIENT), "projects"),
      SEATS_FEATURE,
      limitFeature(storageLimitMB(PROFESSIONAL_CLIENT), "storage"),
      "Priority support",
      "No branding",
      "Multi-sheet Excel import/export",
      "Duplicate detection and merging",
      "Automatic stakeholder-property linking",
      "PDF form processing",
      "5-level user hierarchy",
    ],
  },
];

export const SUBSCRIPTION_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: "Can I change plans later?",
    answer: "Yes. Upgrade to Professional at any time; your projects, users and records stay as they are.",
  },
  {
    question: "What happens when a free Professional month ends?",
    answer: "The organisation returns to the limits of its own plan. Nothing is deleted, but new projects, members and uploads beyond those limits are refused until you upgrade.",
  },
  {
    question: "How are additional users billed?",
    answer: `Professional includes ${INCLUDED_SEATS} users; each additional seat is ${usd(SEAT_MONTHLY_USD)} per month. Seats are your organisation's active users beyond the ${INCLUDED_SEATS} included.`,
  },
  {
    question: "Is my data kept separate from other organisations?",
    answer: "Yes. Every project belongs to one client organisation, and nobody outside it can see its records.",
  },
];
