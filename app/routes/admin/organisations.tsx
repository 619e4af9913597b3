import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { Badge } from "~/components/admin/badges";
import { OrganisationForm } from "~/components/admin/organisation-form";
import { SelectField } from "~/components/admin/select-field";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { organisationSchema } from "~/domain/people-forms";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { createOrganisation, listOrganisations, ORGANISATION_SORTS, type OrganisationSort } from "~/server/people/organisations.server";
import { actorOf } from "~/server/people/route-helpers.server";
import type { Route } from "./+types/organisations";
import { adminListQuery } from "~/server/people/admin-pages.server";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["people"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-organisations");
  const params = new URL(args.request.url).searchParams;
  const sort = (ORGANISATION_SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as OrganisationSort) : "name";
  const dir = params.get("dir") === "desc" ? "desc" : "asc";
  const status = params.get("status") === "active" || params.get("status") === "inactive" ? (params.get("status") as "active" | "inactive") : "all";
  const { q, page } = adminListQuery(params);
  const list = await listOrganisations(actorOf(user), { q, sort, dir, status, page });
  return { ...list, q, sort, dir, status };
}

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "admin-organisations");
  const input = await parseForm(args.request, organisationSchema);
  if (!input.ok) return invalidForm(input, { code: input.code, values: input.values, errors: input.fields });
  const { id } = await createOrganisation(actorOf(user), input.data, auditOrigin(args.request, args.context));
  throw redirect(`${localizePath(routePath("admin-organisation", { orgId: id }), locale)}?done=created`);
}

export default function Organisations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "errors"]);
  const lp = useLocalizedPath();
  const { rows, q, sort, dir, status, page, pages, total } = loaderData;
  const query = (over: Record<string, string | number>) => {
    const p = new URLSearchParams({ q, sort, dir, status, page: String(page), ...Object.fromEntries(Object.entries(over).map(([k, v]) => [k, String(v)])) });
    return `?${p.toString()}`;
  };
  const sortHeader = (key: OrganisationSort, label: string) => {
    const active = sort === key;
    const next = active && dir === "asc" ? "desc" : "asc";
    return (
      <th scope="col" className="py-2 pr-3" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}>
        <Link to={query({ sort: key, dir: next, page: 1 })} className="inline-flex min-h-11 min-w-11 items-center underline decoration-dotted sm:min-h-0 sm:min-w-0">
          {label}
          {active ? (dir === "asc" ? " ▲" : " ▼") : ""}
        </Link>
      </th>
    );
  };
  return (
    <>
      <PageHeader routeKey="admin-organisations" />
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <Field label={t("people:organisations.search")} name="q" type="search" defaultValue={q} />
        <SelectField
          label={t("people:organisations.status")}
          name="status"
          defaultValue={status}
          options={[
            { value: "all", label: t("people:organisations.statusAll") },
            { value: "active", label: t("people:state.active") },
            { value: "inactive", label: t("people:state.inactive") },
          ]}
        />
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="dir" value={dir} />
        <Button type="submit" variant="secondary">
          {t("people:organisations.searchSubmit")}
        </Button>
      </Form>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {t("people:organisations.count", { count: total })}
      </p>
      <ScrollRegion label={t("people:organisations.caption")}>
        <table className="w-full text-left text-sm" data-testid="organisations-table">
          <caption className="sr-only">{t("people:organisations.caption")}</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              {sortHeader("name", t("people:organisation.name"))}
              <th scope="col" className="py-2 pr-3">{t("people:organisation.kind")}</th>
              {sortHeader("city", t("people:organisation.city"))}
              {sortHeader("professionals", t("people:organisations.professionals"))}
              <th scope="col" className="py-2 pr-3">{t("people:organisations.supervisors")}</th>
              <th scope="col" className="py-2 pr-3">{t("people:organisations.status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100">
                <td className="py-2 pr-3">
                  <Link to={lp(routePath("admin-organisation", { orgId: row.id }))} className={`${LINK} font-medium`}>
                    {row.name}
                  </Link>
                </td>
                <td className="py-2 pr-3">{t(`people:kinds.${row.kind}`, { defaultValue: row.kind })}</td>
                <td className="py-2 pr-3">{row.city ?? "—"}</td>
                <td className="py-2 pr-3">{row.professionals}</td>
                <td className="py-2 pr-3">{row.supervisors}</td>
                <td className="py-2 pr-3">{row.active ? <Badge tone="ok">{t("people:state.active")}</Badge> : <Badge tone="bad">{t("people:state.inactive")}</Badge>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {pages > 1 ? (
        <nav aria-label={t("people:pagination.label")} className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 ? <Link to={query({ page: page - 1 })} className="underline">{t("people:pagination.previous")}</Link> : null}
          <span>{t("people:pagination.page", { page, pages })}</span>
          {page < pages ? <Link to={query({ page: page + 1 })} className="underline">{t("people:pagination.next")}</Link> : null}
        </nav>
      ) : null}
      <section className="mt-8" aria-labelledby="new-org">
        <h2 id="new-org" className="mb-3 text-lg font-semibold">
          {t("people:organisations.new")}
        </h2>
        {/* The refusal's own words (errors:codes.invalid-form for fields that did not pass), as on every other form. */}
        {actionData?.code ? <Alert tone="error">{t(errorMessageKey(actionData.code))}</Alert> : null}
        <div className="mt-3">
          <OrganisationForm intent="create" values={actionData?.values ?? {}} errors={actionData?.errors ?? {}} submitLabel={t("people:organisations.create")} />
        </div>
      </section>
    </>
  );
}
