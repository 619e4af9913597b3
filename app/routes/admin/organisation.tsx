import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AuditList } from "~/components/admin/audit-list";
import { Badge } from "~/components/admin/badges";
import { ConfirmPanel } from "~/components/admin/confirm-panel";
import { InviteForm } from "~/components/admin/invite-form";
import { PageNotices } from "~/components/admin/page-notices";
import { PeopleTable } from "~/components/admin/people-table";
import { OrganisationForm } from "~/components/admin/organisation-form";
import { ChoiceSearch, findParam } from "~/components/admin/choice-search";
import { SelectField } from "~/components/admin/select-field";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { assignSupervisorSchema, inviteProfessionalSchema, organisationSchema, doneNotice } from "~/domain/people-forms";
import { choice, file, intent, intents, rawText } from "~/domain/forms/fields";
import { z } from "zod";
import { routePath } from "~/domain/route-table";
import { useLocale, useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { actionAnswer, notFound } from "~/server/http/responses.server";
import { auditTrail } from "~/server/people/audit-trail.server";
import { importProfessionalsCsv, previewProfessionalsCsv } from "~/server/people/csv-import.server";
import { invitePerson } from "~/server/people/invitations.server";
import { assignSupervisor, organisationDetail, setOrganisationActive, unassignSupervisor, updateOrganisation } from "~/server/people/organisations.server";
import { actorOf, CSV_MAX_BYTES, doneRedirect, refusedPeopleForm, runChange } from "~/server/people/route-helpers.server";
import { AppError } from "~/domain/errors";
import { LOCALES } from "~/domain/locales";
import type { Route } from "./+types/organisation";
import { adminListQuery, pageParam, type AdminListQuery } from "~/server/people/admin-pages.server";
import { PeopleSearch } from "~/components/admin/people-search";
import { Pager } from "~/components/pager";
import { parseForm } from "~/server/forms/parse-form.server";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["people"] };

/** The assigned supervisors' own page number: the professionals' list above them has `?page=`. */
const SUPERVISOR_PAGE_PARAM = "supervisorsPage";

async function load(actor: ReturnType<typeof actorOf>, orgId: string, query?: AdminListQuery, find = "", supervisors?: Parameters<typeof organisationDetail>[4]) {
  try {
    return await organisationDetail(actor, orgId, query, find, supervisors);
  } catch (error) {
    if (error instanceof AppError && error.code === "not-found") throw notFound();
    throw error;
  }
}

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-organisation");
  const actor = actorOf(user);
  const url = new URL(args.request.url);
  const query = adminListQuery(url.searchParams);
  const find = findParam(url.searchParams);
  const confirmId = url.searchParams.get("id");
  const supervisorPage = pageParam(url.searchParams, SUPERVISOR_PAGE_PARAM);
  const detail = await load(actor, args.params.orgId, query, find, { supervisorPage, confirmSupervisorId: confirmId });
  const audit = await auditTrail(actor, { organisationId: args.params.orgId, professionalsOf: args.params.orgId, limit: 30 });
  return { ...detail, q: query.q, find, audit, confirm: url.searchParams.get("confirm"), confirmId, done: doneNotice(url) };
}

const organisationActionForm = z.discriminatedUnion("intent", [
  organisationSchema.extend({ intent: intent("update") }),
  z.object({ intent: intents(["deactivate", "reactivate"]) }),
  inviteProfessionalSchema.extend({ intent: intent("invite") }),
  assignSupervisorSchema.extend({ intent: intents(["assign", "unassign"]) }),
  z.object({
    intent: intents(["import-preview", "import"]),
    csv: rawText.optional(),
    // A file input with nothing chosen still sends an empty part; a urlencoded post sends text.
    csvFile: z.union([file, z.string()]).optional(),
    // An unknown language falls back to the administrator's own, as the page offers only the four.
    locale: choice(LOCALES).optional().catch(undefined),
  }),
]);

/** Pasted text wins over a chosen file (a file stays selected in the browser after a preview). */
async function readCsv(pasted: string, file: File | string | undefined): Promise<string> {
  if (pasted.trim()) {
    if (pasted.length > CSV_MAX_BYTES) throw new AppError("payload-too-large");
    return pasted;
  }
  if (file instanceof File && file.size > 0) {
    if (file.size > CSV_MAX_BYTES) throw new AppError("payload-too-large");
    return file.text();
  }
  return "";
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "admin-organisation");
  const actor = actorOf(user);
  const orgId = args.params.orgId;
  const origin = auditOrigin(args.request, args.context);
  // An unknown organisation is 404 for every intent, before the form is even read.
  const { organisation: current } = await load(actor, orgId);
  const input = await parseForm(args.request, organisationActionForm);
  if (!input.ok) return refusedPeopleForm(input);
  const { data: form, values } = input;
  switch (form.intent) {
    case "update": {
      const { intent: _, ...change } = form;
      const result = await runChange(() => updateOrganisation(actor, orgId, change, origin));
      if (!result.ok) return actionAnswer({ intent: "update", values, errors: {}, error: result.error });
      return doneRedirect(args.request, "updated");
    }
    case "deactivate":
    case "reactivate": {
      await runChange(() => setOrganisationActive(actor, orgId, form.intent === "reactivate", origin));
      return doneRedirect(args.request, form.intent === "reactivate" ? "reactivated" : "deactivated");
    }
    case "invite": {
      const { intent: _, ...invite } = form;
      let mailFailed = false;
      const result = await runChange(async () => {
        mailFailed = (await invitePerson(actor, { ...invite, role: "professional", organisationId: orgId }, origin)).mailFailed;
      });
      if (!result.ok) return actionAnswer({ intent: "invite", values, errors: result.fieldErrors ?? {}, error: result.error });
      return doneRedirect(args.request, mailFailed ? "invited-mail-failed" : "invited");
    }
    case "assign":
    case "unassign": {
      await runChange(() => (form.intent === "assign" ? assignSupervisor : unassignSupervisor)(actor, orgId, form.supervisorId, origin));
      return doneRedirect(args.request, form.intent === "assign" ? "assigned" : "unassigned");
    }
    case "import-preview":
    case "import": {
      let csv: string;
      try {
        csv = await readCsv(form.csv ?? "", form.csvFile);
      } catch {
        return actionAnswer({ intent: "import-preview", values: {}, errors: { csv: "errors:codes.payload-too-large" } }, "payload-too-large");
      }
      const inviteLocale = form.locale ?? locale;
      // A deactivated organisation takes no new professionals: said at the preview already, not only at the import.
      if (!current.active) return actionAnswer({ intent: "import-preview", values: { csv, locale: inviteLocale }, errors: {}, error: "organisation-inactive" as const });
      if (form.intent === "import") {
        // Deactivated meanwhile (or another refusal of the invitations' own rules): said on the page, not a 500.
        const result = await importProfessionalsCsv(actor, orgId, csv, inviteLocale, origin).catch((error: unknown) => {
          if (error instanceof AppError && error.code !== "not-found") return { ok: false as const, refused: error.code };
          throw error;
        });
        if ("refused" in result) return actionAnswer({ intent: "import-preview", values: { csv, locale: inviteLocale }, errors: {}, error: result.refused });
        if (result.ok) return doneRedirect(args.request, result.mailFailed ? "imported-mail-failed" : "imported");
        // Refused: the preview says which rows are wrong.
        return actionAnswer({ intent: "import-preview", values: { csv, locale: inviteLocale }, errors: {}, preview: result.preview }, "invalid-form");
      }
      return { intent: "import-preview", values: { csv, locale: inviteLocale }, errors: {}, preview: await previewProfessionalsCsv(actor, csv) };
    }
  }
}

export default function Organisation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "errors", "common"]);
  const lp = useLocalizedPath();
  const locale = useLocale();
  const { organisation: org, professionals, professionalTotal, q, find, supervisors, confirmSupervisor, assignable, audit, confirm, confirmId, done } = loaderData;
  const here = lp(routePath("admin-organisation", { orgId: org.id }));
  const errorsFor = (intent: string): Record<string, string> => (actionData?.intent === intent ? (actionData.errors as Record<string, string>) : {});
  const valuesFor = (intent: string) => (actionData?.intent === intent ? (actionData.values as Record<string, string>) : {});
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const unassignName = confirmSupervisor?.name;
  return (
    <>
      <PageHeader routeKey="admin-organisation" title={org.name} />
      <PageNotices done={done} error={actionData && "error" in actionData ? actionData.error : null} />
      {confirm === "deactivate" ? (
        <ConfirmPanel intent="deactivate" cancelTo={here} confirmLabel={t("people:organisation.deactivate")}>
          <p>{t("people:organisation.deactivateConfirm", { name: org.name, count: professionalTotal })}</p>
        </ConfirmPanel>
      ) : null}
      {confirm === "unassign" && unassignName && confirmId ? (
        <ConfirmPanel intent="unassign" fields={{ supervisorId: confirmId }} cancelTo={here} confirmLabel={t("people:organisation.unassign")}>
          <p>{t("people:organisation.unassignConfirm", { name: unassignName, organisation: org.name })}</p>
        </ConfirmPanel>
      ) : null}

      <section aria-labelledby="org-status" className="mb-6 flex flex-wrap items-center gap-3">
        <h2 id="org-status" className="sr-only">{t("people:organisations.status")}</h2>
        {org.active ? <Badge tone="ok">{t("people:state.active")}</Badge> : <Badge tone="bad">{t("people:state.inactive")}</Badge>}
        {org.active ? (
          <Link to={`${here}?confirm=deactivate`} className={buttonClass("dangerOutline")}>
            {t("people:organisation.deactivate")}
          </Link>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="reactivate" />
            <Button type="submit" variant="secondary">{t("people:organisation.reactivate")}</Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="pros" className="mb-8">
        <h2 id="pros" className="mb-2 text-lg font-semibold">{t("people:organisation.professionals")}</h2>
        {professionalTotal === 0 ? (
          <p className="text-slate-600">{t("people:organisation.noProfessionals")}</p>
        ) : (
          <>
            <PeopleSearch q={q} total={professionals.total} t={t} />
            <PeopleTable
              label={t("people:organisation.professionals")}
              testId="professionals-table"
              people={professionals.rows}
              hrefOf={(p) => lp(routePath("admin-professional", { orgId: org.id, proId: p.id }))}
              columns={[{ header: t("people:invite.jobTitle"), cell: (p) => p.jobTitle ?? "—" }]}
            />
            <Pager page={professionals.page} pageCount={professionals.pages} t={t} labels="people" />
          </>
        )}
      </section>

      <section aria-labelledby="invite-pro" className="mb-8">
        <h2 id="invite-pro" className="mb-3 text-lg font-semibold">{t("people:organisation.invite")}</h2>
        <InviteForm intent="invite" values={valuesFor("invite")} errors={errorsFor("invite")} submitLabel={t("people:invite.submit")}>
          <Field label={t("people:invite.jobTitle")} name="jobTitle" defaultValue={valuesFor("invite").jobTitle ?? ""} error={errorsFor("invite").jobTitle ? t(errorsFor("invite").jobTitle) : undefined} />
        </InviteForm>
      </section>

      <section aria-labelledby="import" className="mb-8">
        <h2 id="import" className="mb-1 text-lg font-semibold">{t("people:import.title")}</h2>
        <p className="mb-3 text-sm text-slate-700">{t("people:import.help")}</p>
        {preview ? (
          <div className="mb-4" data-testid="import-preview">
            <ScrollRegion label={t("people:import.title")}>
              <table className="w-full text-left text-sm">
                <caption className="mb-2 text-left font-medium">{t("people:import.preview", { count: preview.rows.length })}</caption>
                <thead className="border-b border-slate-300">
                  <tr>
                    <th scope="col" className="py-1 pr-3">{t("people:import.line")}</th>
                    <th scope="col" className="py-1 pr-3">{t("people:invite.name")}</th>
                    <th scope="col" className="py-1 pr-3">{t("people:invite.email")}</th>
                    <th scope="col" className="py-1 pr-3">{t("people:invite.jobTitle")}</th>
                    <th scope="col" className="py-1">{t("people:import.problems")}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row) => (
                    <tr key={row.line} className={`border-b border-slate-100 ${Object.keys(row.errors).length ? "bg-red-50" : ""}`}>
                      <td className="py-1 pr-3">{row.line}</td>
                      <td className="py-1 pr-3">{row.name}</td>
                      <td className="py-1 pr-3">{row.email}</td>
                      <td className="py-1 pr-3">{row.jobTitle}</td>
                      <td className="py-1 text-red-800">{Object.entries(row.errors).map(([field, key]) => `${t(`people:import.fields.${field}`)}: ${t(key)}`).join("; ") || t("people:import.ok")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            {preview.tooMany ? <Alert tone="error">{t("people:import.tooMany")}</Alert> : null}
            {preview.rows.length && !preview.tooMany && preview.rows.every((r) => Object.keys(r.errors).length === 0) ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="import" />
                <input type="hidden" name="csv" value={valuesFor("import-preview").csv ?? ""} />
                <input type="hidden" name="locale" value={valuesFor("import-preview").locale ?? locale} />
                <Button type="submit">{t("people:import.confirm", { count: preview.rows.length })}</Button>
              </Form>
            ) : (
              <p className="mt-2 text-sm text-red-800">{t("people:import.fix")}</p>
            )}
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="flex max-w-2xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="intent" value="import-preview" />
          <label className="text-sm font-medium text-slate-800" htmlFor="csvFile">{t("people:import.file")}</label>
          <input id="csvFile" name="csvFile" type="file" accept=".csv,text/csv" />
          <label className="text-sm font-medium text-slate-800" htmlFor="csvText">{t("people:import.paste")}</label>
          <textarea id="csvText" name="csv" rows={4} className="rounded-md border border-slate-300 p-2 font-mono text-sm" defaultValue={preview ? "" : (valuesFor("import-preview").csv ?? "")} />
          {errorsFor("import-preview").csv ? <p className="text-sm text-red-700">{t(errorsFor("import-preview").csv)}</p> : null}
          <SelectField
            label={t("people:invite.locale")}
            name="locale"
            defaultValue={locale}
            options={(["nl", "en", "de", "fr"] as const).map((l) => ({ value: l, label: t(`common:language.names.${l}`) }))}
          />
          <div>
            <Button type="submit" variant="secondary">{t("people:import.previewSubmit")}</Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="sups" className="mb-8">
        <h2 id="sups" className="mb-2 text-lg font-semibold">{t("people:organisation.supervisors")}</h2>
        {supervisors.total === 0 ? <p className="text-slate-600">{t("people:organisation.noSupervisors")}</p> : (
          <ul className="mb-3 divide-y divide-slate-100 rounded border border-slate-200 bg-white" data-testid="assigned-supervisors">
            {supervisors.rows.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span>{s.name} <span className="text-slate-600">({t(`people:specialties.${s.specialty}`, { defaultValue: s.specialty })})</span></span>
                <Link to={`${here}?confirm=unassign&id=${encodeURIComponent(s.id)}`} className="inline-flex min-h-11 min-w-11 items-center text-sm text-red-800 underline sm:min-h-0">{t("people:organisation.unassign")}</Link>
              </li>
            ))}
          </ul>
        )}
        <Pager page={supervisors.page} pageCount={supervisors.pages} t={t} labels="people" param={SUPERVISOR_PAGE_PARAM} />
        <ChoiceSearch label={t("people:people.search")} find={find} shown={assignable.rows.length} total={assignable.total} noneText={t("people:people.none")} t={t} />
        {assignable.rows.length ? (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="assign" />
            <SelectField label={t("people:organisation.assignLabel")} name="supervisorId" options={assignable.rows.map((s) => ({ value: s.id, label: `${s.name} (${s.email})` }))} />
            <Button type="submit" variant="secondary">{t("people:organisation.assign")}</Button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="edit-org" className="mb-8">
        <h2 id="edit-org" className="mb-3 text-lg font-semibold">{t("people:organisation.edit")}</h2>
        <OrganisationForm
          intent="update"
          values={actionData?.intent === "update" ? (actionData.values as Record<string, string>) : org}
          errors={errorsFor("update")}
          submitLabel={t("people:organisation.save")}
        />
      </section>

      <AuditList items={audit} />
    </>
  );
}
