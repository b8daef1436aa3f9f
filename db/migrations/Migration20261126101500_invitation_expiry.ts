import { Migration } from "@mikro-orm/migrations";

/**
 * Invitations expire (docs/administration.md#invitations): `expires_at` is set each time one is sent or
 * resent. Rows from before it stay null and expire INVITATION_EXPIRY_DAYS after `created_at`.
 */
export class Migration20261126101500_invitation_expiry extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "user_invitation" add column "expires_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user_invitation" drop column "expires_at";`);
  }
}
