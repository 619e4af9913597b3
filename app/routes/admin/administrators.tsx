import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuditList } from "~/components/admin/audit-list";
import { ConfirmPanel } from "~/components/admin/confirm-panel";
import { InviteForm } from "~/components/admin/invite-form";
import { PageNotices } from "~/components/admin/page-notices";
import { PeopleTable } from "~/components/admin/people-table";
import { PersonActions } from "~/components/admin/person-actions";
import { PageHeader } from "~/components/page-header";
import { inviteAdministratorSchema, doneNotice } from "~/domain/people-forms";
import { intent, intents, recordId } from "~/domain/forms/fields";
import { z } from "zod";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { actionAnswer, notFound } from "~/server/http/responses.server";
import { auditTrail } from "~/server/people/audit-trail.server";
import { invitePerson } from "~/server/people/invitations.server";
import { PERSON_INTENTS, runPersonAction } from "~/server/people/person-actions.server";
import { actorOf, doneRedirect, refusedPeopleForm, runChange } from "~/server/people/route-helpers.server";
import { administratorById, listAdministrators } from "~/server/people/staff.server";
import { adminListQuery } from "~/server/people/admin-pages.server";
import { PeopleSearch } from "~/components/admin/people-search";
import { Pager } from "~/components/pager";
import { useSelectLink } from "~/lib/use-select-link";
import { demoteAdministrator } from "~/server/people/users.server";
import type { Route } from "./+types/administrators";
import { parseForm } from "~/server/forms/parse-form.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["people"] };

const administratorsForm = z.discriminatedUnion("intent", [
  inviteAdministratorSchema.extend({ intent: intent("invite") }),
  z.object({ intent: intents(["demote", ...PERSON_INTENTS]), userId: recordId }),
]);

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-administrators");
  const actor = actorOf(user);
  const url = new URL(args.request.url);
  const selectedId = url.searchParams.get("id");
  const query = adminListQuery(url.searchParams);
  const administrators = await listAdministrators(actor, query);
  const selected = selectedId ? await administratorById(actor, selectedId) : null;
  if (selectedId && !selected) throw notFound();
  return {
    administrators,
    q: query.q,
    selfId: user.id,
    selected: selected ?? null,
    audit: selected ? await auditTrail(actor, { userIds: [selected.id], limit: 30 }) : [],
    confirm: url.searchParams.get("confirm"),
    done: doneNotice(url),
  };
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "admin-administrators");
  const actor = actorOf(user);
  const origin = auditOrigin(args.request, args.context);
  // A selected person (?id=) that is not on this list is 404 for every intent, as in the loader.
  const selectedId = new URL(args.request.url).searchParams.get("id");
  if (selectedId && !(await administratorById(actor, selectedId))) throw notFound();
  const input = await parseForm(args.request, administratorsForm);
  if (!input.ok) return refusedPeopleForm(input);
  const { values } = input;
  if (input.data.intent === "invite") {
    const invite = input.data;
    let mailFailed = false;
    const result = await runChange(async () => {
      mailFailed = (await invitePerson(actor, { name: invite.name, email: invite.email, locale: invite.locale, role: "admin" }, origin)).mailFailed;
    });
    if (!result.ok) return actionAnswer({ intent: "invite", values, errors: result.fieldErrors ?? {}, error: result.error });
    return doneRedirect(args.request, mailFailed ? "invited-mail-failed" : "invited");
  }
  const { userId } = input.data;
  if (input.data.intent === "demote") {
    const result = await runChange(() => demoteAdministrator(actor, userId, origin));
    if (!result.ok) return actionAnswer({ intent: "demote", values, errors: {}, error: result.error });
    // The demoted person is no longer on this list.
    return doneRedirect(args.request, "demoted", new URL(args.request.url).pathname);
  }
  const { intent } = input.data;
  const result = await runPersonAction(actor, intent, userId, origin);
  if (!result.ok) return actionAnswer({ intent, values, errors: {}, error: result.error });
  return doneRedirect(args.request, result.done ?? intent);
}

export default function Administrators({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "errors"]);
  const lp = useLocalizedPath();
  const { administrators, q, selfId, selected, audit, confirm, done } = loaderData;
  const base = lp(routePath("admin-administrators"));
  const selectLink = useSelectLink();
  const here = selected ? `${base}${selectLink(selected.id)}` : base;
  return (
    <>
      <PageHeader routeKey="admin-administrators" />
      <PageNotices done={done} error={actionData && "error" in actionData ? actionData.error : null} />
      <PeopleSearch q={q} total={administrators.total} t={t} />
      <PeopleTable
        label={t("common:pages.admin-administrators.title")}
        testId="administrators-table"
        people={administrators.rows}
        hrefOf={(a) => `${base}${selectLink(a.id)}`}
        selectedId={selected?.id}
        afterName={(a) => (a.id === selfId ? <span className="ml-2 text-slate-600">({t("people:administrator.you")})</span> : null)}
      />
      <Pager page={administrators.page} pageCount={administrators.pages} t={t} labels="people" />

      {selected ? (
        <section aria-labelledby="selected" className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="selected-person">
          <h2 id="selected" className="mb-3 text-lg font-semibold">{selected.name}</h2>
          {confirm === "demote" ? (
            <ConfirmPanel intent="demote" fields={{ userId: selected.id }} cancelTo={here} confirmLabel={t("people:administrator.demote")}>
              <p>{t("people:administrator.demoteConfirm", { name: selected.name })}</p>
            </ConfirmPanel>
          ) : null}
          <PersonActions person={{ id: selected.id, name: selected.name, banned: selected.banned, invitation: selected.invitation, self: selected.id === selfId }} here={here} confirm={confirm} />
          <p className="mt-4">
            <Link to={`${here}&confirm=demote`} className="text-sm text-red-800 underline">{t("people:administrator.demote")}</Link>
          </p>
          <AuditList items={audit} />
        </section>
      ) : null}

      <section aria-labelledby="invite-admin" className="mt-8">
        <h2 id="invite-admin" className="mb-3 text-lg font-semibold">{t("people:administrator.invite")}</h2>
        <InviteForm intent="invite" values={actionData?.intent === "invite" ? (actionData.values as Record<string, string>) : {}} errors={actionData?.intent === "invite" ? (actionData.errors as Record<string, string>) : {}} submitLabel={t("people:invite.submit")} />
      </section>
    </>
  );
}
