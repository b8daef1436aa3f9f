import { Form } from "@remix-run/react";
import { Badge, Button, Card, DataList, Flex, Heading, Text } from "~/components/radix";
import type { SubscriptionJson } from "~/modules/billing/clients.server";
import { PLAN_LABELS } from "~/modules/billing/plan-limits";
import type { PlanCard } from "~/modules/billing/plans";
import { type SeatSummary, usd } from "~/modules/billing/seats";
import type { BilledSeats } from "~/modules/billing/seats.server";
import { formatDate, formatDateTime } from "~/utils/dates";

const limit = (value: number | null, unit = "") => (value === null ? "Unlimited" : `${value}${unit}`);

export function CurrentPlan({ subscription }: { subscription: SubscriptionJson }) {
  const active = subscription.subscriptionStatus === "active";
  return (
    <Card asChild size="3">
      <section aria-labelledby="current-plan-title" className="stack">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h2" size="5" id="current-plan-title">
            Current Plan: {PLAN_LABELS[subscription.subscriptionPlan]}
          </Heading>
          <Badge color={active ? "indigo" : "red"} variant={active ? "soft" : "solid"}>
            {subscription.subscriptionStatus}
          </Badge>
          {subscription.freeProExpiresAt ? <Badge color="green">Free Pro until {formatDate(subscription.freeProExpiresAt)}</Badge> : null}
        </Flex>
        <Text as="p" color="gray">
          {subscription.clientName}
        </Text>
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label>Projects Used</DataList.Label>
            <DataList.Value>
              {subscription.currentProjects} / {limit(subscription.maxProjects)}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Users</DataList.Label>
            <DataList.Value>
              {subscription.currentUsers} / {limit(subscription.maxUsersPerProject)} per project
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Storage Used</DataList.Label>
            <DataList.Value>
              {subscription.storageUsedMB} MB / {limit(subscription.maxStorageMB, " MB")}
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
        {subscription.upgradeRequest ? (
          <Text as="p" weight="bold">
            Upgrade to Professional requested on {formatDateTime(subscription.upgradeRequest.requestedAt)}: a system administrator will apply it.
          </Text>
        ) : null}
      </section>
    </Card>
  );
}

const seatsText = (n: number) => `${n} additional ${n === 1 ? "seat" : "seats"}`;

/** Seats (docs/administration.md#seats): the active users, the additional seats, the monthly amount, and what the provider bills. */
export function Seats({ seats, plan }: { seats: SeatSummary & { billed: BilledSeats | null }; plan: string }) {
  const professional = plan === "professional";
  const outOfDate = seats.billingConnected && seats.billed?.quantity !== seats.billableSeats;
  return (
    <Card asChild size="3">
      <section aria-labelledby="seats-title" className="stack">
        <Heading as="h2" size="5" id="seats-title">
          Seats
        </Heading>
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label>Active users</DataList.Label>
            <DataList.Value>{seats.activeUsers}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Included</DataList.Label>
            <DataList.Value>{seats.includedSeats}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Additional seats</DataList.Label>
            <DataList.Value>
              {seats.billableSeats} at {usd(seats.seatMonthlyUSD)} a month each
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{!professional ? "Monthly amount on Professional" : seats.freeMonth ? "Monthly amount after the free month" : "Monthly amount"}</DataList.Label>
            <DataList.Value>{usd(seats.monthlyAmountUSD)}</DataList.Value>
          </DataList.Item>
          {seats.billingConnected ? (
            <DataList.Item>
              <DataList.Label>Billed by Stripe</DataList.Label>
              <DataList.Value>{seats.billed ? `${seatsText(seats.billed.quantity)}, sent ${formatDateTime(seats.billed.at)}` : "No seats sent yet"}</DataList.Value>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        <Text as="p" id="seats-summary">
          {seats.text}
        </Text>
        {outOfDate ? (
          <Form method="post">
            <input type="hidden" name="intent" value="update-seats" />
            <Button type="submit" aria-describedby="seats-summary">
              Update billed seats
            </Button>
          </Form>
        ) : null}
      </section>
    </Card>
  );
}

export function PlanCards({ plans, current, requested }: { plans: readonly PlanCard[]; current: string; requested: boolean }) {
  return (
    <section aria-labelledby="plans-title" className="stack">
      <Heading as="h2" size="5" id="plans-title">
        Plans
      </Heading>
      <ul className="card-grid">
        {plans.map((plan) => {
          const isCurrent = plan.id === current || (plan.id === "professional" && current === "enterprise");
          const titleId = `plan-${plan.id}-title`;
          return (
            <li key={plan.id}>
              <Card asChild size="3" className={plan.mostPopular ? "plan-card plan-card--popular" : "plan-card"}>
                <article aria-labelledby={titleId} className="stack">
                  {plan.mostPopular ? <Badge color="indigo">MOST POPULAR</Badge> : null}
                  <Heading as="h3" size="5" id={titleId}>
                    {plan.name}
                  </Heading>
                  <Text as="p" size="6" weight="bold">
                    {plan.price} <Text size="2">{plan.period}</Text>
                  </Text>
                  <ul className="plan-card__features">
                    {plan.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  {isCurrent ? (
                    <Button type="button" disabled variant="outline">
                      Current Plan
                    </Button>
                  ) : plan.id === "professional" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="upgrade" />
                      <Button type="submit" aria-describedby={titleId}>
                        {requested ? "Upgrade Requested: Ask Again" : "Upgrade Now"}
                      </Button>
                    </Form>
                  ) : null}
                </article>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function SubscriptionFaq({ faq }: { faq: readonly { question: string; answer: string }[] }) {
  return (
    <section aria-labelledby="faq-title" className="stack">
      <Heading as="h2" size="5" id="faq-title">
        Frequently Asked Questions
      </Heading>
      {faq.map((item) => (
        <details key={item.question} className="faq">
          <summary>{item.question}</summary>
          <Text as="p">{item.answer}</Text>
        </details>
      ))}
    </section>
  );
}
