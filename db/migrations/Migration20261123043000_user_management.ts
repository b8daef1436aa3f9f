import { Migration } from "@mikro-orm/migrations";

/**
 * User management (docs/administration.md#user-management). A deleted user keeps a row (`deleted_at`): stakeholders, engagements,
 * documents, templates, projects and imports refer to their creator without ON DELETE, and the name
 * they show must stay; the row loses its e-mail, sign-in identity, memberships and sessions. An
 * invitation names every project the person joins (`project_ids`), matched on first sign-in.
 */
export class Migration20261123043000_user_management extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "user" add column "deleted_at" timestamptz null;`);
    this.addSql(`alter table "user_invitation" add column "project_ids" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user_invitation" drop column "project_ids";`);
    this.addSql(`alter table "user" drop column "deleted_at";`);
  }
}
