import type { TFunction } from "i18next";
import { Form, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ADMIN_SEARCH_MAX } from "~/domain/constants";
import { searchText } from "~/domain/limits";

/** The page parameters that belong to one visit (a notice, a confirmation): a new search drops them. A selected
 * person (`id`) stays: the search is for their form. */
const TRANSIENT = ["find", "done", "confirm", "target"];

/**
 * The search beside a select whose choices are capped (CHOICES_MAX): shown once there are more choices than the
 * select offers, or while a search is on, with a line that says how many are shown or that nothing matched. A plain
 * GET form (`?find=`) that keeps the page's other parameters, such as its list's search and page, so it works
 * without JavaScript.
 */
export function ChoiceSearch({ label, find, shown, total, noneText, t }: { label: string; find: string; shown: number; total: number; noneText: string; t: TFunction }) {
  const [params] = useSearchParams();
  if (!find && total <= shown) return null;
  const keep = [...params].filter(([name]) => !TRANSIENT.includes(name));
  return (
    <>
      <Form method="get" role="search" className="mb-2 flex flex-wrap items-end gap-3" preventScrollReset>
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field label={label} name="find" type="search" defaultValue={find} maxLength={ADMIN_SEARCH_MAX} />
        <Button type="submit" variant="secondary">
          {t("people:organisations.searchSubmit")}
        </Button>
      </Form>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="choices-count">
        {total === 0 ? noneText : total > shown ? t("people:choices.limited", { shown, total }) : null}
      </p>
    </>
  );
}

/** `?find=` of a page with a capped select: made safe like the lists' searches. */
export function findParam(params: URLSearchParams): string {
  return searchText(params.get("find"));
}
