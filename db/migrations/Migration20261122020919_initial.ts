import { Migration } from "@mikro-orm/migrations";

export class Migration20261122020919_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(
      `create table "client" ("id" serial primary key, "name" text not null, "domain" text null, "subscription_plan" text check ("subscription_plan" in ('free', 'starter', 'professional', 'enterprise')) not null default 'free', "subscription_status" text check ("subscription_status" in ('active', 'past_due', 'canceled', 'unpaid', 'trialing')) not null default 'active', "payment_customer_id" text null, "payment_subscription_id" text null, "subscription_start_date" timestamptz null, "subscription_end_date" timestamptz null, "max_projects" int not null default 1, "max_users_per_project" int not null default 3, "max_storage_mb" int not null default 100, "billing_email" text null, "is_active" boolean not null default true, "settings" jsonb not null default '{}', "free_pro_expires_at" timestamptz null, "free_pro_granted_by" text null, "free_pro_granted_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "oidc_payload" ("model" text not null, "id" text not null, "payload" jsonb not null, "grant_id" text null, "user_code" text null, "uid" text null, "expires_at" timestamptz null, "consumed_at" timestamptz null, constraint "oidc_payload_pkey" primary key ("model", "id"));`,
    );
    this.addSql(`create index "oidc_payload_grant_id_index" on "oidc_payload" ("grant_id");`);
    this.addSql(`create index "oidc_payload_user_code_index" on "oidc_payload" ("user_code");`);
    this.addSql(`create index "oidc_payload_uid_index" on "oidc_payload" ("uid");`);
    this.addSql(`create index "oidc_payload_expires_at_index" on "oidc_payload" ("expires_at");`);

    this.addSql(`create table "session" ("sid" text not null, "sess" jsonb not null, "expire" timestamptz not null, constraint "session_pkey" primary key ("sid"));`);
    this.addSql(`create index "session_expire_index" on "session" ("expire");`);

    this.addSql(
      `create table "user" ("id" text not null, "email" text not null, "first_name" text null, "last_name" text null, "profile_image_url" text null, "client_id" int null, "system_role" text check ("system_role" in ('system_admin', 'client_owner', 'director', 'project_manager', 'officer', 'viewer')) not null default 'viewer', "auth_subject" text null, "payment_customer_id" text null, "is_active" boolean not null default true, "last_sign_in_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "user_pkey" primary key ("id"), constraint user_email_lower_check check (email = lower(email)));`,
    );
    this.addSql(`alter table "user" add constraint "user_email_unique" unique ("email");`);
    this.addSql(`create index "user_client_id_index" on "user" ("client_id");`);
    this.addSql(`alter table "user" add constraint "user_auth_subject_unique" unique ("auth_subject");`);

    this.addSql(
      `create table "project" ("id" serial primary key, "name" text not null, "description" text null, "client_id" int not null, "owner_id" text not null, "is_active" boolean not null default true, "settings" jsonb not null default '{}', "startup_completed_at" timestamptz null, "startup_completed_by" text null, "planning_phase_status" text check ("planning_phase_status" in ('pending', 'in-progress', 'completed')) not null default 'pending', "planning_completed_at" timestamptz null, "planning_completed_by" text null, "closure_phase_status" text check ("closure_phase_status" in ('pending', 'in-progress', 'completed')) not null default 'pending', "closure_completed_at" timestamptz null, "closure_completed_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "project_client_id_index" on "project" ("client_id");`);
    this.addSql(`create index "project_owner_id_index" on "project" ("owner_id");`);

    this.addSql(
      `create table "template" ("id" serial primary key, "project_id" int not null, "uploaded_by_id" text not null, "template_name" text not null, "template_description" text null, "category" text null, "tags" jsonb not null default '[]', "original_file_name" text not null, "mime_type" text not null, "file_size" bigint not null, "storage_key" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "template_project_id_index" on "template" ("project_id");`);
    this.addSql(`alter table "template" add constraint "template_storage_key_unique" unique ("storage_key");`);

    this.addSql(
      `create table "stakeholder" ("id" serial primary key, "user_id" text not null, "project_id" int not null, "name" text not null, "email" text null, "email2" text null, "email3" text null, "phone" text null, "phone2" text null, "phone3" text null, "address" text null, "address2" text null, "address3" text null, "latitude" double precision null, "longitude" double precision null, "address1lat" double precision null, "address1lng" double precision null, "address2lat" double precision null, "address2lng" double precision null, "address3lat" double precision null, "address3lng" double precision null, "spatial_accuracy" text null, "geo_source" text null, "member_type" text check ("member_type" in ('Individual', 'Business', 'Organization', 'Government')) null, "stakeholder_category" text check ("stakeholder_category" in ('Resident', 'Business Owner', 'Local Official', 'Community Leader', 'Developer', 'Investor')) null, "influence_level" text check ("influence_level" in ('High', 'Medium', 'Low')) null, "iap2engagement_level" text check ("iap2engagement_level" in ('Inform', 'Consult', 'Involve', 'Collaborate', 'Empower')) null, "last_contact" timestamptz null, "notes" text null, "next_action" text null, "next_action_due_date" date null, "custom_fields" jsonb null, "is_active" boolean not null default true, "is_project_property_owner" boolean not null default false, "company_name" text null, "mobile" text null, "contact_phone" text null, "business_phone" text null, "home_phone" text null, "cell_phone" text null, "mobile_phone" text null, "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "stakeholder_project_id_name_index" on "stakeholder" ("project_id", "name");`);
    this.addSql(`create index "stakeholder_project_id_next_action_due_date_index" on "stakeholder" ("project_id", "next_action_due_date");`);

    this.addSql(
      `create table "property" ("id" serial primary key, "stakeholder_id" int null, "project_id" int not null, "address" text not null, "property_type" text null, "ownership_status" text null, "estimated_value" numeric(15,2) null, "tax_assessed_value" numeric(15,2) null, "square_footage" int null, "year_built" int null, "zoning" text null, "property_use" text null, "notes" text null, "type" text null, "area" text null, "perimeter" text null, "proprietor_instr" text null, "spi_number" text null, "original_search" text null, "plan_number" text null, "ect_controller" text null, "property_address" text null, "uid" text null, "encumbrances" text null, "folio" text null, "volume" text null, "diagram" text null, "tenancy_type" text null, "ect_effective_from_date" text null, "title_type" text check ("title_type" in ('FREEHOLD', 'CoT')) null, "addresses" jsonb null, "proprietor" text null, "proprietors" jsonb null, "date" text null, "property_address_alt" text null, "security_number" text null, "lot_plan_line" text null, "lot" text null, "produced" text null, "pdf" text null, "proprietor_date" text null, "additional_info" text null, "title_date" text null, "search" text null, "next_action" text null, "next_action_due_date" date null, "has_laa" boolean not null default false, "laa_expiry_date" date null, "laa_details" text null, "latitude" double precision null, "longitude" double precision null, "boundary_geo_json" jsonb null, "centroid_lat" double precision null, "centroid_lng" double precision null, "spatial_reference" text not null default 'EPSG:4326', "boundary_source" text null, "spatial_accuracy" text null, "last_spatial_update" timestamptz null, "access_route_geo_json" jsonb null, "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "property_stakeholder_id_index" on "property" ("stakeholder_id");`);
    this.addSql(`create index "property_project_id_address_index" on "property" ("project_id", "address");`);
    this.addSql(`create index "property_project_id_volume_folio_index" on "property" ("project_id", "volume", "folio");`);
    this.addSql(`create index "property_project_id_laa_expiry_date_index" on "property" ("project_id", "laa_expiry_date");`);

    this.addSql(
      `create table "stakeholder_property" ("id" serial primary key, "stakeholder_id" int not null, "property_id" int not null, "project_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "stakeholder_property_property_id_index" on "stakeholder_property" ("property_id");`);
    this.addSql(`create index "stakeholder_property_project_id_index" on "stakeholder_property" ("project_id");`);
    this.addSql(`alter table "stakeholder_property" add constraint "stakeholder_property_stakeholder_id_property_id_unique" unique ("stakeholder_id", "property_id");`);

    this.addSql(
      `create table "project_phase_form" ("id" serial primary key, "project_id" int not null, "phase" text check ("phase" in ('startup', 'planning', 'closure')) not null, "values" jsonb not null, "extracted_fields" jsonb null, "submitted_by_id" text null, "submitted_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "project_phase_form" add constraint "project_phase_form_project_id_phase_unique" unique ("project_id", "phase");`);

    this.addSql(
      `create table "project_membership" ("id" serial primary key, "user_id" text not null, "project_id" int not null, "role" text check ("role" in ('system_admin', 'client_owner', 'director', 'project_manager', 'officer', 'viewer')) not null default 'viewer', "permissions" jsonb not null default '{}', "can_create_projects" boolean not null default false, "can_manage_users" boolean not null default false, "can_modify_app" boolean not null default false, "is_active" boolean not null default true, "invited_by_id" text null, "joined_at" timestamptz not null default now(), "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "project_membership_project_id_index" on "project_membership" ("project_id");`);
    this.addSql(`alter table "project_membership" add constraint "project_membership_user_id_project_id_unique" unique ("user_id", "project_id");`);

    this.addSql(
      `create table "engagement" ("id" serial primary key, "project_id" int not null, "stakeholder_id" int not null, "user_id" text not null, "type" text check ("type" in ('meeting', 'call', 'email', 'event', 'site_visit', 'public_hearing', 'survey', 'interview')) not null, "subject" text not null, "location" text null, "attendees" jsonb not null default '[]', "key_topics" jsonb not null default '[]', "outcomes" text null, "follow_up_required" boolean not null default false, "follow_up_date" timestamptz null, "notes" text null, "timezone" text not null default 'Australia/Sydney', "scheduled_at" timestamptz null, "completed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "engagement_project_id_stakeholder_id_index" on "engagement" ("project_id", "stakeholder_id");`);
    this.addSql(`create index "engagement_stakeholder_id_index" on "engagement" ("stakeholder_id");`);

    this.addSql(
      `create table "document" ("id" serial primary key, "project_id" int not null, "stakeholder_id" int null, "property_id" int null, "uploaded_by_id" text not null, "original_file_name" text not null, "mime_type" text not null, "file_size" bigint not null, "storage_key" text not null, "description" text null, "category" text check ("category" in ('legal', 'financial', 'correspondence', 'technical', 'contract', 'permit', 'survey', 'environmental', 'planning', 'other')) null, "tags" jsonb not null default '[]', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "document_project_id_index" on "document" ("project_id");`);
    this.addSql(`create index "document_stakeholder_id_index" on "document" ("stakeholder_id");`);
    this.addSql(`create index "document_property_id_index" on "document" ("property_id");`);
    this.addSql(`alter table "document" add constraint "document_storage_key_unique" unique ("storage_key");`);

    this.addSql(
      `create table "community_project" ("id" serial primary key, "project_id" int not null, "user_id" text not null, "title" text not null, "description" text null, "project_type" text null, "estimated_budget" numeric(15,2) null, "actual_budget" numeric(15,2) null, "start_date" date null, "expected_end_date" date null, "actual_end_date" date null, "impact_area" text null, "stakeholders_involved" jsonb not null default '[]', "status" text check ("status" in ('proposed', 'under_review', 'approved', 'in_progress', 'completed', 'on_hold', 'cancelled')) not null default 'proposed', "priority" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "community_project_project_id_index" on "community_project" ("project_id");`);

    this.addSql(
      `create table "audit_log" ("id" serial primary key, "user_id" text null, "client_id" int null, "project_id" int null, "action" text not null, "entity_type" text null, "entity_id" text null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "audit_log_user_id_index" on "audit_log" ("user_id");`);
    this.addSql(`create index "audit_log_client_id_index" on "audit_log" ("client_id");`);
    this.addSql(`create index "audit_log_project_id_created_at_index" on "audit_log" ("project_id", "created_at");`);

    this.addSql(
      `create table "user_invitation" ("id" serial primary key, "email" text not null, "role" text check ("role" in ('system_admin', 'client_owner', 'director', 'project_manager', 'officer', 'viewer')) not null default 'viewer', "client_id" int not null, "project_id" int null, "invited_by_id" text null, "accepted_at" timestamptz null, "created_at" timestamptz not null default now(), constraint user_invitation_email_lower_check check (email = lower(email)));`,
    );
    this.addSql(`create index "user_invitation_email_index" on "user_invitation" ("email");`);
    this.addSql(`create index "user_invitation_project_id_index" on "user_invitation" ("project_id");`);
    this.addSql(`alter table "user_invitation" add constraint "user_invitation_client_id_email_unique" unique ("client_id", "email");`);

    this.addSql(`alter table "user" add constraint "user_client_id_foreign" foreign key ("client_id") references "client" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "project" add constraint "project_client_id_foreign" foreign key ("client_id") references "client" ("id") on update cascade;`);
    this.addSql(`alter table "project" add constraint "project_owner_id_foreign" foreign key ("owner_id") references "user" ("id") on update cascade;`);

    this.addSql(`alter table "template" add constraint "template_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "template" add constraint "template_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "user" ("id") on update cascade;`);

    this.addSql(`alter table "stakeholder" add constraint "stakeholder_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade;`);
    this.addSql(`alter table "stakeholder" add constraint "stakeholder_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "property" add constraint "property_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "property" add constraint "property_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);

    this.addSql(
      `alter table "stakeholder_property" add constraint "stakeholder_property_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "stakeholder_property" add constraint "stakeholder_property_property_id_foreign" foreign key ("property_id") references "property" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "stakeholder_property" add constraint "stakeholder_property_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "project_phase_form" add constraint "project_phase_form_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `alter table "project_phase_form" add constraint "project_phase_form_submitted_by_id_foreign" foreign key ("submitted_by_id") references "user" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`alter table "project_membership" add constraint "project_membership_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "project_membership" add constraint "project_membership_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `alter table "project_membership" add constraint "project_membership_invited_by_id_foreign" foreign key ("invited_by_id") references "user" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`alter table "engagement" add constraint "engagement_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "engagement" add constraint "engagement_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "engagement" add constraint "engagement_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade;`);

    this.addSql(`alter table "document" add constraint "document_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document" add constraint "document_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "document" add constraint "document_property_id_foreign" foreign key ("property_id") references "property" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "document" add constraint "document_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "user" ("id") on update cascade;`);

    this.addSql(`alter table "community_project" add constraint "community_project_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "community_project" add constraint "community_project_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade;`);

    this.addSql(`alter table "audit_log" add constraint "audit_log_user_id_foreign" foreign key ("user_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_client_id_foreign" foreign key ("client_id") references "client" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "user_invitation" add constraint "user_invitation_client_id_foreign" foreign key ("client_id") references "client" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_invitation" add constraint "user_invitation_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_invitation" add constraint "user_invitation_invited_by_id_foreign" foreign key ("invited_by_id") references "user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user" drop constraint "user_client_id_foreign";`);

    this.addSql(`alter table "project" drop constraint "project_client_id_foreign";`);

    this.addSql(`alter table "audit_log" drop constraint "audit_log_client_id_foreign";`);

    this.addSql(`alter table "user_invitation" drop constraint "user_invitation_client_id_foreign";`);

    this.addSql(`alter table "project" drop constraint "project_owner_id_foreign";`);

    this.addSql(`alter table "template" drop constraint "template_uploaded_by_id_foreign";`);

    this.addSql(`alter table "stakeholder" drop constraint "stakeholder_user_id_foreign";`);

    this.addSql(`alter table "project_phase_form" drop constraint "project_phase_form_submitted_by_id_foreign";`);

    this.addSql(`alter table "project_membership" drop constraint "project_membership_user_id_foreign";`);

    this.addSql(`alter table "project_membership" drop constraint "project_membership_invited_by_id_foreign";`);

    this.addSql(`alter table "engagement" drop constraint "engagement_user_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_uploaded_by_id_foreign";`);

    this.addSql(`alter table "community_project" drop constraint "community_project_user_id_foreign";`);

    this.addSql(`alter table "audit_log" drop constraint "audit_log_user_id_foreign";`);

    this.addSql(`alter table "user_invitation" drop constraint "user_invitation_invited_by_id_foreign";`);

    this.addSql(`alter table "template" drop constraint "template_project_id_foreign";`);

    this.addSql(`alter table "stakeholder" drop constraint "stakeholder_project_id_foreign";`);

    this.addSql(`alter table "property" drop constraint "property_project_id_foreign";`);

    this.addSql(`alter table "stakeholder_property" drop constraint "stakeholder_property_project_id_foreign";`);

    this.addSql(`alter table "project_phase_form" drop constraint "project_phase_form_project_id_foreign";`);

    this.addSql(`alter table "project_membership" drop constraint "project_membership_project_id_foreign";`);

    this.addSql(`alter table "engagement" drop constraint "engagement_project_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_project_id_foreign";`);

    this.addSql(`alter table "community_project" drop constraint "community_project_project_id_foreign";`);

    this.addSql(`alter table "audit_log" drop constraint "audit_log_project_id_foreign";`);

    this.addSql(`alter table "user_invitation" drop constraint "user_invitation_project_id_foreign";`);

    this.addSql(`alter table "property" drop constraint "property_stakeholder_id_foreign";`);

    this.addSql(`alter table "stakeholder_property" drop constraint "stakeholder_property_stakeholder_id_foreign";`);

    this.addSql(`alter table "engagement" drop constraint "engagement_stakeholder_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_stakeholder_id_foreign";`);

    this.addSql(`alter table "stakeholder_property" drop constraint "stakeholder_property_property_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_property_id_foreign";`);

    this.addSql(`drop table if exists "client" cascade;`);

    this.addSql(`drop table if exists "oidc_payload" cascade;`);

    this.addSql(`drop table if exists "session" cascade;`);

    this.addSql(`drop table if exists "user" cascade;`);

    this.addSql(`drop table if exists "project" cascade;`);

    this.addSql(`drop table if exists "template" cascade;`);

    this.addSql(`drop table if exists "stakeholder" cascade;`);

    this.addSql(`drop table if exists "property" cascade;`);

    this.addSql(`drop table if exists "stakeholder_property" cascade;`);

    this.addSql(`drop table if exists "project_phase_form" cascade;`);

    this.addSql(`drop table if exists "project_membership" cascade;`);

    this.addSql(`drop table if exists "engagement" cascade;`);

    this.addSql(`drop table if exists "document" cascade;`);

    this.addSql(`drop table if exists "community_project" cascade;`);

    this.addSql(`drop table if exists "audit_log" cascade;`);

    this.addSql(`drop table if exists "user_invitation" cascade;`);
  }
}
