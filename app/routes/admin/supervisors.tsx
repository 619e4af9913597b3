import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AuditList } from "~/components/admin/audit-list";
import { InviteForm } from "~/components/admin/invite-form";
import { PageNotices } from "~/components/admin/page-notices";
import { PeopleTable } from "~/components/admin/people-table";
import { OrganisationCheckboxes } from "~/components/admin/organisation-checkboxes";
import { PersonActions } from "~/components/admin/person-actions";
import { ChoiceSearch, findParam } from "~/components/admin/choice-search";
import { SelectField } from "~/components/admin/select-field";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { inviteSupervisorSchema, SPECIALTIES, supervisorEditSchema, doneNotice } from "~/domain/people-forms";
import { intent, intents, recordId } from "~/domain/forms/fields";
import { z } from "zod";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { actionAnswer, notFound } from "~/server/http/responses.server";
import { auditTrail } from "~/server/people/audit-trail.server";
import { invitePerson } from "~/server/people/invitations.server";
import { organisationChoices } from "~/server/people/organisations.server";
import { PERSON_INTENTS, runPersonAction } from "~/server/people/person-actions.server";
import { actorOf, doneRedirect, refusedPeopleForm, runChange } from "~/server/people/route-helpers.server";
import { listSupervisors, supervisorById, updateSupervisor } from "~/server/people/staff.server";
import { adminListQuery } from "~/server/people/admin-pages.server";
import { PeopleSearch } from "~/components/admin/people-search";
import { Pager } from "~/components/pager";
import { useSelectLink } from "~/lib/use-select-link";
import type { Route } from "./+types/supervisors";
import { parseForm } from "~/server/forms/parse-form.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["people"] };

const supervisorsForm = z.discriminatedUnion("intent", [
  inviteSupervisorSchema.extend({ intent: intent("invite") }),
  supervisorEditSchema.extend({ intent: intent("update"), userId: recordId }),
  z.object({ intent: intents(PERSON_INTENTS), userId: recordId }),
]);

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-supervisors");
  const actor = actorOf(user);
  const url = new URL(args.request.url);
  const selectedId = url.searchParams.get("id");
  const query = adminListQuery(url.searchParams);
  const find = findParam(url.searchParams);
  const supervisors = await listSupervisors(actor, query);
  const selected = selectedId ? await supervisorById(actor, selectedId) : null;
  if (selectedId && !selected) throw notFound();
  return {
    supervisors,
    q: query.q,
    find,
    organisations: await organisationChoices(actor, find),
    selected: selected ?? null,
    audit: selected ? await auditTrail(actor, { userIds: [selected.id], limit: 30 }) : [],
    confirm: url.searchParams.get("confirm"),
    done: doneNotice(url),
  };
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "admin-supervisors");
  const actor = actorOf(user);
  const origin = auditOrigin(args.request, args.context);
  // A selected person (?id=) that is not on this list is 404 for every intent, as in the loader.
  const selectedId = new URL(args.request.url).searchParams.get("id");
  if (selectedId && !(await supervisorById(actor, selectedId))) throw notFound();
  const input = await parseForm(args.request, supervisorsForm);
  if (!input.ok) return refusedPeopleForm(input);
  const { values } = input;
  if (input.data.intent === "invite") {
    const { intent: _, ...invite } = input.data;
    let mailFailed = false;
    const result = await runChange(async () => {
      mailFailed = (await invitePerson(actor, { ...invite, role: "supervisor" }, origin)).mailFailed;
    });
    if (!result.ok) return actionAnswer({ intent: "invite", values, errors: result.fieldErrors ?? {}, error: result.error });
    return doneRedirect(args.request, mailFailed ? "invited-mail-failed" : "invited");
  }
  if (input.data.intent === "update") {
    const { userId, specialty, organisationIds } = input.data;
    await runChange(() => updateSupervisor(actor, userId, { specialty, organisationIds }, origin));
    return doneRedirect(args.request, "saved");
  }
  const { intent, userId } = input.data;
  const result = await runPersonAction(actor, intent, userId, origin);
  if (!result.ok) return actionAnswer({ intent, values, errors: {}, error: result.error });
  return doneRedirect(args.request, result.done ?? intent);
}

export default function Supervisors({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "errors"]);
  const lp = useLocalizedPath();
  const { supervisors, q, find, organisations, selected, audit, confirm, done } = loaderData;
  // A supervisor's own organisations are always offered (checked), wherever they fall in the capped choices.
  const ownAndOffered = selected ? [...selected.organisations, ...organisations.rows.filter((o) => !selected.organisations.some((own) => own.id === o.id))] : [];
  const base = lp(routePath("admin-supervisors"));
  const selectLink = useSelectLink();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const specialtyOptions = SPECIALTIES.map((s) => ({ value: s, label: t(`people:specialties.${s}`) }));
  return (
    <>
      <PageHeader routeKey="admin-supervisors" />
      <PageNotices done={done} error={actionData && "error" in actionData ? actionData.error : null} />
      <PeopleSearch q={q} total={supervisors.total} t={t} />
      <PeopleTable
        label={t("common:pages.admin-supervisors.title")}
        testId="supervisors-table"
        people={supervisors.rows}
        hrefOf={(s) => `${base}${selectLink(s.id)}`}
        selectedId={selected?.id}
        columns={[
          { header: t("people:supervisor.specialty"), cell: (s) => t(`people:specialties.${s.specialty}`, { defaultValue: s.specialty }) },
          { header: t("people:supervisor.organisations"), cell: (s) => s.organisations.map((o) => o.name).join(", ") || "—" },
        ]}
      />
      <Pager page={supervisors.page} pageCount={supervisors.pages} t={t} labels="people" />
      <div className="mt-6">
        <ChoiceSearch label={t("people:supervisor.findOrganisations")} find={find} shown={organisations.rows.length} total={organisations.total} noneText={t("people:choices.noOrganisations")} t={t} />
      </div>

      {selected ? (
        <section aria-labelledby="selected" className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="selected-person">
          <h2 id="selected" className="mb-3 text-lg font-semibold">{selected.name}</h2>
          <PersonActions person={{ id: selected.id, name: selected.name, banned: selected.banned, invitation: selected.invitation }} here={`${base}${selectLink(selected.id)}`} confirm={confirm} />
          <Form method="post" className="mt-6 grid max-w-2xl gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="userId" value={selected.id} />
            <SelectField label={t("people:supervisor.specialty")} name="specialty" defaultValue={selected.specialty} options={specialtyOptions} error={actionData?.intent === "update" && errors.specialty ? t(errors.specialty) : undefined} />
            <OrganisationCheckboxes organisations={ownAndOffered} checked={selected.organisations.map((o) => o.id)} />
            <div className="sm:col-span-2">
              <Button type="submit">{t("people:supervisor.save")}</Button>
            </div>
          </Form>
          <AuditList items={audit} />
        </section>
      ) : null}

      <section aria-labelledby="invite-sup" className="mt-8">
        <h2 id="invite-sup" className="mb-3 text-lg font-semibold">{t("people:supervisor.invite")}</h2>
        <InviteForm intent="invite" values={actionData?.intent === "invite" ? (actionData.values as Record<string, string>) : {}} errors={actionData?.intent === "invite" ? errors : {}} submitLabel={t("people:invite.submit")}>
          <SelectField label={t("people:supervisor.specialty")} name="specialty" defaultValue="gp" options={specialtyOptions} error={actionData?.intent === "invite" && errors.specialty ? t(errors.specialty) : undefined} />
          <OrganisationCheckboxes organisations={organisations.rows} checked={[]} />
        </InviteForm>
      </section>
    </>
  );
}
