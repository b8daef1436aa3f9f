import { Migration } from "@mikro-orm/migrations";

/** Parcels, affected areas and the area each takes of each parcel (docs/records.md#parcels). */
export class Migration20261126162442_parcels extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "parcel" ("id" serial primary key, "project_id" int not null, "property_id" int null, "lot_plan" text null, "lot_plan_key" text null, "address" text null, "title_reference" text null, "attributes" jsonb null, "geometry" jsonb not null, "source_crs" text null, "area_m2" double precision not null, "min_lng" double precision not null, "min_lat" double precision not null, "max_lng" double precision not null, "max_lat" double precision not null, "import_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "parcel_property_id_index" on "parcel" ("property_id");`);
    this.addSql(`create index "parcel_import_id_index" on "parcel" ("import_id");`);
    this.addSql(`create index "parcel_project_id_lot_plan_key_index" on "parcel" ("project_id", "lot_plan_key");`);
    this.addSql(`create index "parcel_bbox_index" on "parcel" using gist (box(point("min_lng", "min_lat"), point("max_lng", "max_lat")));`);

    this.addSql(
      `create table "affected_area" ("id" serial primary key, "project_id" int not null, "name" text not null, "kind" text check ("kind" in ('polygon', 'centre_line')) not null, "width_metres" double precision null, "geometry" jsonb not null, "source_geometry" jsonb null, "created_by_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "affected_area_project_id_index" on "affected_area" ("project_id");`);

    this.addSql(
      `create table "parcel_affected_area" ("id" serial primary key, "parcel_id" int not null, "affected_area_id" int not null, "project_id" int not null, "area_m2" double precision not null, "share" double precision not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "parcel_affected_area_parcel_id_index" on "parcel_affected_area" ("parcel_id");`);
    this.addSql(`create index "parcel_affected_area_affected_area_id_index" on "parcel_affected_area" ("affected_area_id");`);
    this.addSql(`create index "parcel_affected_area_project_id_index" on "parcel_affected_area" ("project_id");`);
    this.addSql(`alter table "parcel_affected_area" add constraint "parcel_affected_area_parcel_id_affected_area_id_unique" unique ("parcel_id", "affected_area_id");`);

    this.addSql(`alter table "parcel" add constraint "parcel_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "parcel" add constraint "parcel_property_id_foreign" foreign key ("property_id") references "property" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "parcel" add constraint "parcel_import_id_foreign" foreign key ("import_id") references "import_record" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "affected_area" add constraint "affected_area_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "affected_area" add constraint "affected_area_created_by_id_foreign" foreign key ("created_by_id") references "user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "parcel_affected_area" add constraint "parcel_affected_area_parcel_id_foreign" foreign key ("parcel_id") references "parcel" ("id") on update cascade on delete cascade;`);
    this.addSql(
      `alter table "parcel_affected_area" add constraint "parcel_affected_area_affected_area_id_foreign" foreign key ("affected_area_id") references "affected_area" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "parcel_affected_area" add constraint "parcel_affected_area_project_id_foreign" foreign key ("project_id") references "project" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "parcel_affected_area" drop constraint "parcel_affected_area_parcel_id_foreign";`);

    this.addSql(`alter table "parcel_affected_area" drop constraint "parcel_affected_area_affected_area_id_foreign";`);

    this.addSql(`drop table if exists "parcel" cascade;`);

    this.addSql(`drop table if exists "affected_area" cascade;`);

    this.addSql(`drop table if exists "parcel_affected_area" cascade;`);
  }
}
