import type pg from "pg";

/**
 * Ids from a table's sequence, as many as asked, in one statement: an import knows a record's id before
 * writing it, so later rows can name it (as a duplicate candidate, as an owner to link).
 */
export async function nextIds(client: pg.ClientBase, table: "stakeholder" | "property", count: number): Promise<number[]> {
  if (count <= 0) return [];
  const { rows } = await client.query<{ id: number }>(`select nextval(pg_get_serial_sequence($1, 'id'))::int as id from generate_series(1, $2)`, [table, count]);
  return rows.map((r) => r.id);
}
