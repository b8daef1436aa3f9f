import { Migration } from "@mikro-orm/migrations";

/**
 * The due-date reminders already sent (docs/records.md#grievance-reminders): the due date each
 * reminder was for, so a sweep run twice, or by two instances at once, sends one reminder per due date,
 * and a due date moved by a new received time gets a reminder of its own.
 */
export class Migration20261126150000_grievance_reminders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "grievance" add column "acknowledge_reminded_for" date null, add column "resolve_reminded_for" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "grievance" drop column "acknowledge_reminded_for", drop column "resolve_reminded_for";`);
  }
}
