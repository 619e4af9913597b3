/**
 * Paging and search for the admin pages' lists (organisations, supervisors, administrators, an organisation's
 * professionals): ADMIN_PAGE_SIZE rows a page, counted exactly (staff lists grow with staff, not with dossiers),
 * and a search over name and e-mail. Every list is paged or bounded (issue 13).
 */
import { ilike, or, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, CHOICES_MAX } from "~/domain/constants";
import { searchText } from "~/domain/limits";
import { organisation, user } from "../db/schema";

/** Beyond this page OFFSET could not be represented exactly; `?page=1e21` is answered with the last page. */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / ADMIN_PAGE_SIZE) - 1;

export interface AdminListQuery {
  q: string;
  page: number;
}

export interface AdminPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pages: number;
}

/** `?q=` and `?page=` of an admin list page, made safe: a search (searchText) and a whole page number ≥ 1. */
export function adminListQuery(params: URLSearchParams): AdminListQuery {
  return { q: searchText(params.get("q")), page: pageParam(params) };
}

/** A page number from the query (`name`, `?page=` by default), made safe: a whole number ≥ 1, 1 when unreadable. */
export function pageParam(params: URLSearchParams, name = "page"): number {
  const asked = Number(params.get(name));
  return Number.isFinite(asked) ? Math.min(MAX_PAGE, Math.max(1, Math.floor(asked))) : 1;
}

/** An ILIKE pattern that matches `q` (made safe by searchText) anywhere, its own `%`, `_` and `\` taken literally; null for no search. */
export function containsPattern(q: string | undefined): string | null {
  const text = searchText(q);
  return text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/** The people lists' search: the user's name or e-mail contains `q`; no condition for no search. */
export function nameOrEmailContains(q: string | undefined): SQL | undefined {
  const pattern = containsPattern(q);
  return pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined;
}

/** The organisation lists' and choices' search: the organisation's name or city contains `q`; none for no search. */
export function nameOrCityContains(q: string | undefined): SQL | undefined {
  const pattern = containsPattern(q);
  return pattern ? or(ilike(organisation.name, pattern), ilike(organisation.city, pattern)) : undefined;
}

/** The choices of a select: at most CHOICES_MAX, and how many match in all (the page says when a search would help). */
export interface Choices<Row> {
  rows: Row[];
  total: number;
}

/** A select's choices: counts the matches, then reads the first CHOICES_MAX (none when nothing matches). */
export async function cappedChoices<Row>(countAll: () => Promise<number>, rowsOf: (limit: number) => Promise<Row[]>): Promise<Choices<Row>> {
  const total = await countAll();
  return { rows: total ? await rowsOf(CHOICES_MAX) : [], total };
}

/**
 * One page of a list: counts the matches, clamps the page to the last one (a stale link after deletions or a
 * narrower search still shows rows), then reads that page.
 */
export async function adminPage<Row>(page: number, countAll: () => Promise<number>, rowsOf: (limit: number, offset: number) => Promise<Row[]>): Promise<AdminPage<Row>> {
  const total = await countAll();
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = total ? await rowsOf(ADMIN_PAGE_SIZE, (current - 1) * ADMIN_PAGE_SIZE) : [];
  return { rows, total, page: current, pages };
}
