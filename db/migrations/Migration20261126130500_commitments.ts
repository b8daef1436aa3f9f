import { Migration } from "@mikro-orm/migrations";

/** Commitments and their stakeholder and property links (docs/records.md#commitments). */
export class Migration20261126130500_commitments extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "commitment" ("id" serial primary key, "project_id" int not null, "description" text not null, "engagement_id" int null, "promised_on" date not null, "due_date" date null, "owner_id" text null, "status" text check ("status" in ('open', 'in_progress', 'fulfilled', 'cancelled')) not null default 'open', "cancellation_reason" text null, "evidence_note" text null, "evidence_document_id" int null, "fulfilled_on" date null, "created_by_id" text null, "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "commitment_engagement_id_index" on "commitment" ("engagement_id");`);
    this.addSql(`create index "commitment_owner_id_index" on "commitment" ("owner_id");`);
    this.addSql(`create index "commitment_evidence_document_id_index" on "commitment" ("evidence_document_id");`);
    this.addSql(`create index "commitment_project_id_status_due_date_index" on "commitment" ("project_id", "status", "due_date");`);

    this.addSql(
      `create table "commitment_stakeholder" ("id" serial primary key, "commitment_id" int not null, "stakeholder_id" int not null, "project_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "commitment_stakeholder_stakeholder_id_index" on "commitment_stakeholder" ("stakeholder_id");`);
    this.addSql(`create index "commitment_stakeholder_project_id_index" on "commitment_stakeholder" ("project_id");`);
    this.addSql(`alter table "commitment_stakeholder" add constraint "commitment_stakeholder_commitment_id_stakeholder_id_unique" unique ("commitment_id", "stakeholder_id");`);

    this.addSql(
      `create table "commitment_property" ("id" serial primary key, "commitment_id" int not null, "property_id" int not null, "project_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "commitment_property_property_id_index" on "commitment_property" ("property_id");`);
    this.addSql(`create index "commitment_property_project_id_index" on "commitment_property" ("project_id");`);
    this.addSql(`alter table "commitment_property" add constraint "commitment_property_commitment_id_property_id_unique" unique ("commitment_id", "property_id");`);

    this.addSql(`alter table "commitment" add constraint "commitment_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "commitment" add constraint "commitment_engagement_id_foreign" foreign key ("engagement_id") references "engagement" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "commitment" add constraint "commitment_owner_id_foreign" foreign key ("owner_id") references "user" ("id") on update cascade on delete set null;`);
    this.addSql(
      `alter table "commitment" add constraint "commitment_evidence_document_id_foreign" foreign key ("evidence_document_id") references "document" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`alter table "commitment" add constraint "commitment_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(
      `alter table "commitment_stakeholder" add constraint "commitment_stakeholder_commitment_id_foreign" foreign key ("commitment_id") references "commitment" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "commitment_stakeholder" add constraint "commitment_stakeholder_stakeholder_id_foreign" foreign key ("stakeholder_id") references "stakeholder" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "commitment_stakeholder" add constraint "commitment_stakeholder_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "commitment_property" add constraint "commitment_property_commitment_id_foreign" foreign key ("commitment_id") references "commitment" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "commitment_property" add constraint "commitment_property_property_id_foreign" foreign key ("property_id") references "property" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "commitment_property" add constraint "commitment_property_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "commitment_stakeholder" drop constraint "commitment_stakeholder_commitment_id_foreign";`);

    this.addSql(`alter table "commitment_property" drop constraint "commitment_property_commitment_id_foreign";`);

    this.addSql(`drop table if exists "commitment" cascade;`);

    this.addSql(`drop table if exists "commitment_stakeholder" cascade;`);

    this.addSql(`drop table if exists "commitment_property" cascade;`);
  }
}
