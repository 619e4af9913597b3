/**
 * How a dossier is named wherever a person has to recognise it (titles, lists, links): by its patient's initials and
 * birth year and the day it was started — "J.D. · 1958 · 19 nov 2026" — as a clinic would, never by a hash of its
 * id. The patient facts are optional; the date is always there. The date goes through the page's one formatter.
 */
export interface DossierNameFacts {
  initials: string | null | undefined;
  birthYear: number | null | undefined;
  createdAt: string | Date;
}

export function dossierName(facts: DossierNameFacts, formatDay: (at: Date) => string): string {
  const parts = [facts.initials?.trim() || null, facts.birthYear ? String(facts.birthYear) : null, formatDay(new Date(facts.createdAt))];
  return parts.filter((part): part is string => part !== null).join(" · ");
}

/** The date style of a dossier's name: the day only. */
export const DOSSIER_NAME_DATE: Intl.DateTimeFormatOptions = { dateStyle: "medium" };
