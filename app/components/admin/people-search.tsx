import type { TFunction } from "i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ADMIN_SEARCH_MAX } from "~/domain/constants";

/**
 * The search above a paged people list (name or e-mail) and how many match; when nobody matches, this line says so
 * and the table below is left out, so the page does not say it twice. A plain GET form, so it works without
 * JavaScript; a new search starts at page 1 because the form sends no `page` (nor a selected person's `id`).
 */
export function PeopleSearch({ q, total, t }: { q: string; total: number; t: TFunction }) {
  return (
    <>
      <Form method="get" role="search" className="mb-3 flex flex-wrap items-end gap-3" preventScrollReset>
        <Field label={t("people:people.search")} name="q" type="search" defaultValue={q} maxLength={ADMIN_SEARCH_MAX} />
        <Button type="submit" variant="secondary">
          {t("people:organisations.searchSubmit")}
        </Button>
      </Form>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite" data-testid="people-count">
        {total === 0
          ? t("people:people.none")
          : q
            ? t("people:people.matching", { count: total })
            : t("people:people.count", { count: total })}
      </p>
    </>
  );
}
