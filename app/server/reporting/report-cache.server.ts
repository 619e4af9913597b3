/**
 * The data pages' figures, kept per viewer and filters while nothing they count has changed (decision 077).
 *
 * A page of `/reporting` or case handling costs its server about 30 CPU-ms and its database about as much, most of
 * it reading the roll-up; the same view asked again (a reload, a second tab, the CSV of a table just looked at,
 * colleagues opening the default period) gives the same numbers until a dossier write changes the roll-up. The
 * roll-up trigger counts those changes per organisation in `report_version`, in the writer's transaction; an
 * entry here is reused only while the sum over the viewer's organisations (and the row '' that a clear or rebuild
 * moves) is what it was when the entry was computed. So a committed change is never hidden: the next request after
 * it computes afresh.
 *
 * What the roll-up does not count — the ages of open dossiers (they grow with the clock and with autosaves), names
 * of organisations and people — can be up to `REPORT_CACHE_TTL_MS` old. Entries are per process, per database
 * handle, and per viewer: administrators share theirs (they all see everything), anyone else has their own.
 */
import { eq, or, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { ReportingScope } from "../access/reporting-scope.server";
import type { Database } from "../db/client.server";
import { reportVersion } from "../db/schema";

/** How long figures the roll-up does not count (open dossiers' ages, names) may be reused. */
export const REPORT_CACHE_TTL_MS = 60_000;
/** Views kept per process; a view is a few to a few dozen kilobytes. */
export const REPORT_CACHE_ENTRIES = 500;

interface Entry {
  version: string;
  value: Promise<unknown>;
}

const caches = new WeakMap<Database, LRUCache<string, Entry>>();

function cacheOf(db: Database): LRUCache<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Entry>({ max: REPORT_CACHE_ENTRIES, ttl: REPORT_CACHE_TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

/** The number of roll-up changes within the scope's organisations, and of clears and rebuilds. */
export async function rollupVersion(scope: ReportingScope): Promise<string> {
  const [row] = await scope.db
    .select({ version: sql<string>`coalesce(sum(${reportVersion.version}), 0)::text` })
    .from(reportVersion)
    .where(or(eq(reportVersion.organisationId, ""), scope.rollupOrganisations(reportVersion.organisationId)));
  return row?.version ?? "0";
}

/**
 * The figures `compute` gives for this viewer and `view` (the page and its filters), from the cache while the
 * roll-up of the viewer's organisations is unchanged. Simultaneous requests for one view share one computation.
 */
export async function cachedFigures<T>(scope: ReportingScope, view: unknown, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(scope.db);
  const { viewer } = scope;
  const key = JSON.stringify([viewer.role === "admin" ? "admin" : viewer.id, scope.organisations.map((o) => o.id), view]);
  const version = await rollupVersion(scope);
  const kept = cache.get(key);
  if (kept && kept.version === version) return kept.value as Promise<T>;
  const value = compute();
  cache.set(key, { version, value });
  // A failed computation is not kept: the next request tries again.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
