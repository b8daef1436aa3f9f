import { Migration } from "@mikro-orm/migrations";

/**
 * The grievance register (docs/records.md#grievances): grievances and their timeline. The complainant
 * check keeps exactly one kind of complainant per row; closing needs the outcome, which a check keeps
 * too, so no writer (raw SQL included) can store a closed grievance without it.
 */
export class Migration20261126130000_grievances extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "grievance" ("id" serial primary key, "project_id" int not null, "reference" text not null, "received_at" timestamptz not null,
        "channel" text check ("channel" in ('phone', 'email', 'in_person', 'letter', 'public_form', 'other')) not null,
        "complainant_kind" text check ("complainant_kind" in ('stakeholder', 'person', 'anonymous')) not null,
        "stakeholder_id" int null, "complainant_name" text null, "complainant_contact" text null, "property_id" int null,
        "category" text check ("category" in ('access', 'gates_fences', 'damage', 'dust_noise', 'weeds_biosecurity', 'water', 'traffic', 'compensation_payments', 'communication', 'other')) not null,
        "severity" text check ("severity" in ('low', 'medium', 'high', 'critical')) not null,
        "description" text not null, "owner_id" text null,
        "stage" text check ("stage" in ('received', 'acknowledged', 'investigating', 'response_proposed', 'resolved', 'closed')) not null default 'received',
        "counted_received_on" date null, "acknowledge_by" date null, "resolve_by" date null,
        "acknowledged_at" timestamptz null, "resolved_at" timestamptz null, "closed_at" timestamptz null,
        "escalated_at" timestamptz null, "escalation_note" text null, "referred_to" text null, "referred_at" date null,
        "resolution" text check ("resolution" in ('upheld', 'partly_upheld', 'not_upheld', 'withdrawn', 'referred')) null,
        "action_taken" text null, "complainant_told_on" date null, "complainant_told_how" text null, "complainant_accepted" boolean null,
        "created_by_id" text null, "version" int not null default 1,
        "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(),
        constraint grievance_complainant_check check ((complainant_kind = 'stakeholder' and complainant_name is null and complainant_contact is null) or (complainant_kind = 'person' and stakeholder_id is null and complainant_name is not null) or (complainant_kind = 'anonymous' and stakeholder_id is null and complainant_name is null and complainant_contact is null)),
        constraint grievance_closed_outcome_check check (stage <> 'closed' or (resolution is not null and action_taken is not null and complainant_told_on is not null and complainant_told_how is not null and complainant_accepted is not null and closed_at is not null)));`,
    );
    this.addSql(`alter table "grievance" add constraint "grievance_project_id_reference_unique" unique ("project_id", "reference");`);
    this.addSql(`create index "grievance_project_id_stage_resolve_by_index" on "grievance" ("project_id", "stage", "resolve_by");`);
    this.addSql(`create index "grievance_project_id_received_at_index" on "grievance" ("project_id", "received_at");`);
    this.addSql(`create index "grievance_stakeholder_id_index" on "grievance" ("stakeholder_id");`);
    this.addSql(`create index "grievance_property_id_index" on "grievance" ("property_id");`);
    this.addSql(`create index "grievance_owner_id_index" on "grievance" ("owner_id");`);
    this.addSql(`alter table "grievance" add constraint "grievance_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "grievance" add constraint "grievance_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "grievance" add constraint "grievance_property_id_foreign" foreign key ("property_id") references "property" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "grievance" add constraint "grievance_owner_id_foreign" foreign key ("owner_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "grievance" add constraint "grievance_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(
      `create table "grievance_event" ("id" serial primary key, "grievance_id" int not null, "at" timestamptz not null default now(), "by_id" text null,
        "kind" text check ("kind" in ('created', 'stage', 'escalated', 'referred', 'reopened', 'assigned', 'edited', 'note')) not null,
        "from_stage" text check ("from_stage" in ('received', 'acknowledged', 'investigating', 'response_proposed', 'resolved', 'closed')) null,
        "to_stage" text check ("to_stage" in ('received', 'acknowledged', 'investigating', 'response_proposed', 'resolved', 'closed')) null,
        "note" text null);`,
    );
    this.addSql(`create index "grievance_event_grievance_id_at_index" on "grievance_event" ("grievance_id", "at");`);
    this.addSql(`alter table "grievance_event" add constraint "grievance_event_grievance_id_foreign" foreign key ("grievance_id") references "grievance" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "grievance_event" add constraint "grievance_event_by_id_foreign" foreign key ("by_id") references "user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "grievance_event" cascade;`);
    this.addSql(`drop table if exists "grievance" cascade;`);
  }
}
