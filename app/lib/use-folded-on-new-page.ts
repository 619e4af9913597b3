/**
 * A folding menu (a <details>) folds again when a page opened from it comes in: on a phone the new page then starts
 * at its own content. Only on a new path: a <details> opens before the page is interactive, and the effect's first
 * run (hydration) must not fold what the user has just opened.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useFoldedOnNewPage() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return menu;
}
