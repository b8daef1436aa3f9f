import { Migration } from "@mikro-orm/migrations";

/**
 * Failed sign-in counters of the bundled sign-in (docs/access.md#sign-in-and-sessions), in rate-limiter-flexible's RateLimiterPostgres
 * layout, so the library never creates tables at run time.
 */
export class Migration20261122210752_sign_in_throttle extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sign_in_throttle" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "sign_in_throttle_pkey" primary key ("key"));`);
    this.addSql(`create index "sign_in_throttle_expire_index" on "sign_in_throttle" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_throttle" cascade;`);
  }
}
