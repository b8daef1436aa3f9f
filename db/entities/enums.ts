/**
 * Allowed values of the text columns that carry a check constraint, kept exactly as the spec
 * spells them. App code imports these lists rather than repeating the strings.
 */
export const ROLES = ["system_admin", "client_owner", "director", "project_manager", "officer", "viewer"] as const;
export const SUBSCRIPTION_PLANS = ["free", "starter", "professional", "enterprise"] as const;
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled", "unpaid", "trialing"] as const;
export const PHASE_STATUSES = ["pending", "in-progress", "completed"] as const;
export const PROJECT_PHASES = ["startup", "planning", "closure"] as const;
export const MEMBER_TYPES = ["Individual", "Business", "Organization", "Government"] as const;
export const STAKEHOLDER_CATEGORIES = ["Resident", "Business Owner", "Local Official", "Community Leader", "Developer", "Investor"] as const;
export const INFLUENCE_LEVELS = ["High", "Medium", "Low"] as const;
export const IAP2_LEVELS = ["Inform", "Consult", "Involve", "Collaborate", "Empower"] as const;
export const TITLE_TYPES = ["FREEHOLD", "CoT"] as const;
export const ENGAGEMENT_TYPES = ["meeting", "call", "email", "event", "site_visit", "public_hearing", "survey", "interview"] as const;
export const COMMUNITY_PROJECT_STATUSES = ["proposed", "under_review", "approved", "in_progress", "completed", "on_hold", "cancelled"] as const;
export const DOCUMENT_CATEGORIES = ["legal", "financial", "correspondence", "technical", "contract", "permit", "survey", "environmental", "planning", "other"] as const;

export type RoleValue = (typeof ROLES)[number];
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type PhaseStatus = (typeof PHASE_STATUSES)[number];
export type ProjectPhase = (typeof PROJECT_PHASES)[number];
export type MemberType = (typeof MEMBER_TYPES)[number];
export type StakeholderCategory = (typeof STAKEHOLDER_CATEGORIES)[number];
export type InfluenceLevel = (typeof INFLUENCE_LEVELS)[number];
export type Iap2Level = (typeof IAP2_LEVELS)[number];
export type TitleType = (typeof TITLE_TYPES)[number];
export type EngagementType = (typeof ENGAGEMENT_TYPES)[number];
export type CommunityProjectStatus = (typeof COMMUNITY_PROJECT_STATUSES)[number];
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** A commitment's status (docs/records.md#commitments). */
export const COMMITMENT_STATUSES = ["open", "in_progress", "fulfilled", "cancelled"] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

/** Grievances (docs/records.md#grievances). Stages in their order; labels live in app/modules/grievances/. */
export const GRIEVANCE_STAGES = ["received", "acknowledged", "investigating", "response_proposed", "resolved", "closed"] as const;
export const GRIEVANCE_CHANNELS = ["phone", "email", "in_person", "letter", "public_form", "other"] as const;
export const GRIEVANCE_COMPLAINANT_KINDS = ["stakeholder", "person", "anonymous"] as const;
export const GRIEVANCE_CATEGORIES = ["access", "gates_fences", "damage", "dust_noise", "weeds_biosecurity", "water", "traffic", "compensation_payments", "communication", "other"] as const;
export const GRIEVANCE_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export const GRIEVANCE_RESOLUTIONS = ["upheld", "partly_upheld", "not_upheld", "withdrawn", "referred"] as const;
export const GRIEVANCE_EVENT_KINDS = ["created", "stage", "escalated", "referred", "reopened", "assigned", "edited", "note"] as const;

export type GrievanceStage = (typeof GRIEVANCE_STAGES)[number];
export type GrievanceChannel = (typeof GRIEVANCE_CHANNELS)[number];
export type GrievanceComplainantKind = (typeof GRIEVANCE_COMPLAINANT_KINDS)[number];
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];
export type GrievanceSeverity = (typeof GRIEVANCE_SEVERITIES)[number];
export type GrievanceResolution = (typeof GRIEVANCE_RESOLUTIONS)[number];
export type GrievanceEventKind = (typeof GRIEVANCE_EVENT_KINDS)[number];

/** Inbound e-mail (docs/inbound-mail.md#messages): a message's state and the way it came in. */
export const INBOUND_MESSAGE_STATUSES = ["received", "recorded", "review", "rejected"] as const;
export const INBOUND_VIAS = ["smtp", "imap"] as const;
/** The address tag that chooses the record type (docs/inbound-mail.md#the-project-address). */
export const INBOUND_TAGS = ["grievance", "commitment", "meeting"] as const;

export type InboundMessageStatus = (typeof INBOUND_MESSAGE_STATUSES)[number];
export type InboundVia = (typeof INBOUND_VIAS)[number];
export type InboundTag = (typeof INBOUND_TAGS)[number];
