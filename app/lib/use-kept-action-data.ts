/**
 * The page's last action answer, kept while the page's data is loaded again. React Router clears `actionData` on
 * every revalidation that is not the action's own, and pages that follow live events revalidate when someone else
 * changes something: without this, a refused form's messages (beside its fields) vanished when another
 * administrator's export finished. A move to another anchor of the same page (a missing list's `#field-…` link, or
 * back from one) keeps it too: it is a new location, but the same page, whose fields the refusal marks. A new
 * answer replaces the kept one; any other new location forgets it, as React Router does: another path or query (a
 * GET form's new filters), or the same address again (a link to it, a submission that ends there without an answer).
 */
import { useState } from "react";
import { type Location, useLocation } from "react-router";

interface Kept<T> {
  data: T | undefined;
  /** The location the answer was last shown at. */
  at: Pick<Location, "pathname" | "search" | "hash" | "key">;
}

function anchorMove(from: Kept<unknown>["at"], to: Kept<unknown>["at"]): boolean {
  return from.pathname === to.pathname && from.search === to.search && from.hash !== to.hash;
}

export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { pathname, search, hash, key } = useLocation();
  const at = { pathname, search, hash, key };
  const [kept, setKept] = useState<Kept<T>>({ data: actionData, at });
  // Set during render (React's pattern for state derived from props): no render shows a stale answer. The answer
  // first shows while the action's navigation still loads, under the old location; it follows to the location the
  // navigation ends on, or the next live revalidation would take it for another page's and drop it.
  let data = kept.data;
  if (actionData !== undefined && actionData !== kept.data) data = actionData;
  else if (actionData === undefined && key !== kept.at.key && !anchorMove(kept.at, at)) data = undefined;
  if (data !== kept.data || key !== kept.at.key) setKept({ data, at });
  return actionData ?? data;
}
