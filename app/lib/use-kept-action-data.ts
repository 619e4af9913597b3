/**
 * The page's last action answer, kept while the page's data is loaded again. React Router clears `actionData` on
 * every revalidation that is not the action's own, and pages that follow live events revalidate when someone else
 * changes something: without this, a refused form's messages (beside its fields) vanished when another
 * administrator's export finished. A new answer replaces the kept one; a navigation (a new location, such as a
 * GET form's new filters) forgets it, as React Router does.
 */
import { useState } from "react";
import { useLocation } from "react-router";

export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  const [kept, setKept] = useState({ data: actionData, key });
  // Set during render (React's pattern for state derived from props): no render shows a stale answer. The answer
  // first shows while the action's navigation still loads, under the old location; it is kept under the location
  // the navigation ends on, or the next live revalidation would take it for another page's and drop it.
  if (actionData !== undefined && (actionData !== kept.data || key !== kept.key)) setKept({ data: actionData, key });
  return actionData ?? (kept.key === key ? kept.data : undefined);
}
