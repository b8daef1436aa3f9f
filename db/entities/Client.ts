import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { jsonObject, optionalText, timestamps } from "./columns";
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from "./enums";

/** A client organisation (tenant): a consultancy that subscribes and owns projects. */
export const Client = defineEntity({
  name: "Client",
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.text(),
    domain: optionalText(),
    subscriptionPlan: p.enum([...SUBSCRIPTION_PLANS]).default("free"),
    subscriptionStatus: p.enum([...SUBSCRIPTION_STATUSES]).default("active"),
    paymentCustomerId: optionalText(),
    paymentSubscriptionId: optionalText(),
    subscriptionStartDate: p.datetime().nullable(),
    subscriptionEndDate: p.datetime().nullable(),
    maxProjects: p.integer().default(1),
    maxUsersPerProject: p.integer().default(3),
    maxStorageMB: p.integer().default(100),
    billingEmail: optionalText(),
    isActive: p.boolean().default(true),
    settings: jsonObject(),
    freeProExpiresAt: p.datetime().nullable(),
    /** Id of the system admin who granted the free Professional month (kept as text, not a foreign key). */
    freeProGrantedBy: optionalText(),
    freeProGrantedAt: p.datetime().nullable(),
    ...timestamps(),
  },
});

export type IClient = InferEntity<typeof Client>;
