/**
 * The plan cards of the Subscription page (docs/administration.md#plans) and the page's FAQ: what is advertised.
 * What each plan allows is decided in plan-limits.ts.
 */
export type PlanCardId = "free" | "professional";

export interface PlanCard {
  id: PlanCardId;
  name: string;
  price: string;
  period: string;
  mostPopular: boolean;
  features: string[];
}

export const PLAN_CARDS: readonly PlanCard[] = [
  {
    id: "free",
    name: "Free",
    price: "$0",
    period: "forever",
    mostPopular: false,
    features: ["1 project", "1 user", "100MB storage", "With branding", "Email support only"],
  },
  {
    id: "professional",
    name: "Professional",
    price: "$199",
    period: "per month",
    mostPopular: true,
    features: [
      "Unlimited projects",
      "2 users included, additional seats $25 per month each",
      "Unlimited storage",
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
    answer: "Professional includes 2 users; each additional seat is $25 per month.",
  },
  {
    question: "Is my data kept separate from other organisations?",
    answer: "Yes. Every project belongs to one client organisation, and nobody outside it can see its records.",
  },
];
