import { useLocation } from "react-router";

/**
 * Links that select a person on a paged list page (`?id=`) and keep the list's search and page, so the list stays
 * where the admin left it. A pending confirmation or notice of the previous person is not carried over.
 */
export function useSelectLink(): (id: string) => string {
  const { search } = useLocation();
  return (id) => {
    const params = new URLSearchParams(search);
    params.delete("confirm");
    params.delete("done");
    params.set("id", id);
    return `?${params}`;
  };
}
