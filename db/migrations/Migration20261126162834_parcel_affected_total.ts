import { Migration } from "@mikro-orm/migrations";

/** Each parcel's loss to all of the project's affected areas together, their union (docs/records.md#affected-areas). */
export class Migration20261126162834_parcel_affected_total extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "parcel" add column "affected_m2" double precision not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "parcel" drop column "affected_m2";`);
  }
}
