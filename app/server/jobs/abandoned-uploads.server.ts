/**
 * Uploads that will not finish: the upload server's sweep finds those older than the upload expiry and drops them,
 * and the staging store drops one refused at its first bytes. Nobody is reading; a finished medium is never touched.
 */
import { and, eq, lt } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { media } from "../db/schema";

/** Unfinished uploads created before `before`. */
export async function unfinishedUploadIds(before: Date): Promise<string[]> {
  const rows = await systemDb()
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.status, "uploading"), lt(media.createdAt, before)));
  return rows.map((row) => row.id);
}

/** Forgets an upload that will not finish (refused at its first bytes, or abandoned); a finished medium stays. */
export async function dropUnfinishedUpload(id: string): Promise<void> {
  await systemDb().delete(media).where(and(eq(media.id, id), eq(media.status, "uploading")));
}
