import { Migration } from "@mikro-orm/migrations";

/**
 * Grievance links (docs/records.md#grievance-links): a commitment's grievance source beside its
 * engagement, and the engagements and documents attached to a grievance.
 */
export class Migration20261126150500_grievance_links extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "commitment" add column "grievance_id" int null;`);
    this.addSql(`create index "commitment_grievance_id_index" on "commitment" ("grievance_id");`);
    this.addSql(`alter table "commitment" add constraint "commitment_grievance_id_foreign" foreign key ("grievance_id") references "grievance" ("id") on update cascade on delete set null;`);

    this.addSql(
      `create table "grievance_engagement" ("id" serial primary key, "grievance_id" int not null, "engagement_id" int not null, "project_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "grievance_engagement_engagement_id_index" on "grievance_engagement" ("engagement_id");`);
    this.addSql(`create index "grievance_engagement_project_id_index" on "grievance_engagement" ("project_id");`);
    this.addSql(`alter table "grievance_engagement" add constraint "grievance_engagement_grievance_id_engagement_id_unique" unique ("grievance_id", "engagement_id");`);

    this.addSql(
      `create table "grievance_document" ("id" serial primary key, "grievance_id" int not null, "document_id" int not null, "project_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "grievance_document_document_id_index" on "grievance_document" ("document_id");`);
    this.addSql(`create index "grievance_document_project_id_index" on "grievance_document" ("project_id");`);
    this.addSql(`alter table "grievance_document" add constraint "grievance_document_grievance_id_document_id_unique" unique ("grievance_id", "document_id");`);

    for (const [table, column, target] of [
      ["grievance_engagement", "grievance_id", "grievance"],
      ["grievance_engagement", "engagement_id", "engagement"],
      ["grievance_engagement", "project_id", "project"],
      ["grievance_document", "grievance_id", "grievance"],
      ["grievance_document", "document_id", "document"],
      ["grievance_document", "project_id", "project"],
    ])
      this.addSql(`alter table "${table}" add constraint "${table}_${column}_foreign" foreign key ("${column}") references "${target}" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "grievance_document" cascade;`);
    this.addSql(`drop table if exists "grievance_engagement" cascade;`);
    this.addSql(`alter table "commitment" drop constraint "commitment_grievance_id_foreign";`);
    this.addSql(`alter table "commitment" drop column "grievance_id";`);
  }
}
