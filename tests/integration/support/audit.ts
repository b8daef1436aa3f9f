import { getOrm } from "../../../db/orm";

/**
 * Refusals are audited on their own connection without being awaited (recordSecurityEvent): waits
 * briefly for at least `atLeast` audit rows matching `where`, and returns how many there are.
 */
export async function auditRowsEventually(where: string, atLeast: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < 50; i++) {
    count = (await getOrm().em.getConnection().execute(`select id from audit_log where ${where}`)).length;
    if (count >= atLeast) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return count;
}
