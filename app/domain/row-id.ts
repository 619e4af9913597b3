/**
 * Record ids are UUIDs (crypto.randomUUID, Better Auth's generateId too). Anything else in an id's place cannot
 * exist: it is answered as an unknown record, without asking the database (a NUL byte there is a PostgreSQL error).
 */
export function isRowId(id: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(id);
}
