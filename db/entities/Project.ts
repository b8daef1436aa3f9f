import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Client } from "./Client";
import { User } from "./User";
import { jsonObject, optionalText, stringList, timestamps } from "./columns";
import { PHASE_STATUSES } from "./enums";

/**
 * A project of a client. Part 1 (start-up) is complete once the project exists; parts 2 and 3
 * (planning, closure) move pending → in-progress → completed (docs/lifecycle.md#phases).
 */
export const Project = defineEntity({
  name: "Project",
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.text(),
    description: optionalText(),
    client: p.manyToOne(Client).index(),
    owner: p.manyToOne(User).index(),
    isActive: p.boolean().default(true),
    settings: jsonObject(),
    /**
     * The local part of the project's inbound e-mail address, `<key>@<INBOUND_MAIL_DOMAIN>`; made on
     * first need (docs/inbound-mail.md#the-project-address).
     */
    inboundKey: p.text().nullable().unique(),
    /** Sender domains whose mail is recorded without review / rejected (docs/inbound-mail.md#allow-and-block-lists). */
    inboundAllowedDomains: stringList(),
    inboundBlockedDomains: stringList(),
    /** Whether the sender gets a confirmation reply listing what was recorded (docs/inbound-mail.md#confirmation-reply). */
    inboundConfirmReply: p.boolean().default(false),
    startupCompletedAt: p.datetime().nullable(),
    /** Display name of who completed the phase, as the forms record it. */
    startupCompletedBy: optionalText(),
    planningPhaseStatus: p.enum([...PHASE_STATUSES]).default("pending"),
    planningCompletedAt: p.datetime().nullable(),
    planningCompletedBy: optionalText(),
    closurePhaseStatus: p.enum([...PHASE_STATUSES]).default("pending"),
    closureCompletedAt: p.datetime().nullable(),
    closureCompletedBy: optionalText(),
    ...timestamps(),
  },
});

export type IProject = InferEntity<typeof Project>;
