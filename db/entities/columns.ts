import { p } from "@mikro-orm/core";

/**
 * Column builders shared by several entities. `onCreate` fills the value when the entity is
 * created through the ORM; the SQL default covers rows written by raw SQL (bulk imports).
 */
export const timestamps = () => ({
  createdAt: p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw("now()"),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw("now()"),
});

export const createdAtOnly = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw("now()");

/** Money and valuations: decimal(15,2) read back as a JS number (docs/records.md#property-fields). */
export const money = () => p.decimal("number").precision(15).scale(2).nullable();

/** Latitude/longitude: double precision read back as a JS number (DoubleType defaults to string). */
export const coordinate = () => p.double().$type<number>().runtimeType("number").nullable();

/** A JSON list of strings that is never null: `[]` when not given. */
export const stringList = () =>
  p
    .json<string[]>()
    .onCreate(() => [])
    .defaultRaw(`'[]'`);

/** A JSON object that is never null: `{}` when not given. */
export const jsonObject = <T extends object = Record<string, unknown>>() =>
  p
    .json<T>()
    .onCreate(() => ({}) as T)
    .defaultRaw(`'{}'`);

/** Optional free text. */
export const optionalText = () => p.text().nullable();

/** Lower-cases an e-mail address; used by entity hooks so lookups can compare exactly. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
