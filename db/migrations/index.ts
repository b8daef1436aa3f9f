import type { MigrationObject } from "@mikro-orm/core";
// Migration imports: db/scripts/create-migration.ts adds a line here for each new migration.
import { Migration20261122020919_initial } from "./Migration20261122020919_initial";
import { Migration20261122022929_property_search } from "./Migration20261122022929_property_search";
import { Migration20261122024605_groups_index } from "./Migration20261122024605_groups_index";
import { Migration20261122183000_list_indexes } from "./Migration20261122183000_list_indexes";
import { Migration20261122210752_sign_in_throttle } from "./Migration20261122210752_sign_in_throttle";
import { Migration20261122220000_import_staging } from "./Migration20261122220000_import_staging";
import { Migration20261122221000_imports } from "./Migration20261122221000_imports";
import { Migration20261123010000_title_pdf } from "./Migration20261123010000_title_pdf";
import { Migration20261123012500_import_duplicates } from "./Migration20261123012500_import_duplicates";
import { Migration20261123033605_mail_message } from "./Migration20261123033605_mail_message";
import { Migration20261123041907_restore_points } from "./Migration20261123041907_restore_points";
import { Migration20261123043000_user_management } from "./Migration20261123043000_user_management";
import { Migration20261123113000_count_indexes } from "./Migration20261123113000_count_indexes";
import { Migration20261123113005_stakeholder_link_count } from "./Migration20261123113005_stakeholder_link_count";
import { Migration20261126063226_mail_retry } from "./Migration20261126063226_mail_retry";
import { Migration20261126063228_nothing_lost } from "./Migration20261126063228_nothing_lost";
import { Migration20261126101500_invitation_expiry } from "./Migration20261126101500_invitation_expiry";
import { Migration20261126130000_grievances } from "./Migration20261126130000_grievances";
import { Migration20261126130500_commitments } from "./Migration20261126130500_commitments";
import { Migration20261126150000_grievance_reminders } from "./Migration20261126150000_grievance_reminders";
import { Migration20261126150500_grievance_links } from "./Migration20261126150500_grievance_links";
import { Migration20261126160000_grievance_list_indexes } from "./Migration20261126160000_grievance_list_indexes";
import { Migration20261126162442_parcels } from "./Migration20261126162442_parcels";
import { Migration20261126162728_inbound_mail } from "./Migration20261126162728_inbound_mail";
import { Migration20261126162834_parcel_affected_total } from "./Migration20261126162834_parcel_affected_total";
import { Migration20261126162843_parcel_import } from "./Migration20261126162843_parcel_import";
import { Migration20261126193158_mail_attachment } from "./Migration20261126193158_mail_attachment";
import { Migration20261126202830_inbound_attachments } from "./Migration20261126202830_inbound_attachments";
import { Migration20261127150000_list_sort_indexes } from "./Migration20261127150000_list_sort_indexes";

/**
 * Every committed migration, oldest first. Passed to MikroORM as classes (not a glob) because
 * the built server cannot load .ts files at run time.
 */
export const migrationsList: MigrationObject[] = [
  { name: "Migration20261122020919_initial", class: Migration20261122020919_initial },
  { name: "Migration20261122022929_property_search", class: Migration20261122022929_property_search },
  { name: "Migration20261122024605_groups_index", class: Migration20261122024605_groups_index },
  { name: "Migration20261122183000_list_indexes", class: Migration20261122183000_list_indexes },
  { name: "Migration20261122210752_sign_in_throttle", class: Migration20261122210752_sign_in_throttle },
  { name: "Migration20261122220000_import_staging", class: Migration20261122220000_import_staging },
  { name: "Migration20261122221000_imports", class: Migration20261122221000_imports },
  { name: "Migration20261123010000_title_pdf", class: Migration20261123010000_title_pdf },
  { name: "Migration20261123012500_import_duplicates", class: Migration20261123012500_import_duplicates },
  { name: "Migration20261123033605_mail_message", class: Migration20261123033605_mail_message },
  { name: "Migration20261123041907_restore_points", class: Migration20261123041907_restore_points },
  { name: "Migration20261123043000_user_management", class: Migration20261123043000_user_management },
  { name: "Migration20261123113000_count_indexes", class: Migration20261123113000_count_indexes },
  { name: "Migration20261123113005_stakeholder_link_count", class: Migration20261123113005_stakeholder_link_count },
  { name: "Migration20261126063226_mail_retry", class: Migration20261126063226_mail_retry },
  { name: "Migration20261126063228_nothing_lost", class: Migration20261126063228_nothing_lost },
  { name: "Migration20261126101500_invitation_expiry", class: Migration20261126101500_invitation_expiry },
  { name: "Migration20261126130000_grievances", class: Migration20261126130000_grievances },
  { name: "Migration20261126130500_commitments", class: Migration20261126130500_commitments },
  { name: "Migration20261126150000_grievance_reminders", class: Migration20261126150000_grievance_reminders },
  { name: "Migration20261126150500_grievance_links", class: Migration20261126150500_grievance_links },
  { name: "Migration20261126160000_grievance_list_indexes", class: Migration20261126160000_grievance_list_indexes },
  { name: "Migration20261126162442_parcels", class: Migration20261126162442_parcels },
  { name: "Migration20261126162728_inbound_mail", class: Migration20261126162728_inbound_mail },
  { name: "Migration20261126162834_parcel_affected_total", class: Migration20261126162834_parcel_affected_total },
  { name: "Migration20261126162843_parcel_import", class: Migration20261126162843_parcel_import },
  { name: "Migration20261126193158_mail_attachment", class: Migration20261126193158_mail_attachment },
  { name: "Migration20261126202830_inbound_attachments", class: Migration20261126202830_inbound_attachments },
  { name: "Migration20261127150000_list_sort_indexes", class: Migration20261127150000_list_sort_indexes },
  // Migration entries: db/scripts/create-migration.ts appends here.
];
