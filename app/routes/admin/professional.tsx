import { dateTimeFormat } from "~/lib/format-date";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AuditList } from "~/components/admin/audit-list";
import { PersonState } from "~/components/admin/badges";
import { ConfirmPanel } from "~/components/admin/confirm-panel";
import { PageNotices } from "~/components/admin/page-notices";
import { PersonActions } from "~/components/admin/person-actions";
import { ChoiceSearch, findParam } from "~/components/admin/choice-search";
import { SelectField } from "~/components/admin/select-field";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Button } from "~/components/ui/button";
import { AppError, type ErrorCode } from "~/domain/errors";
import { intent, intents } from "~/domain/forms/fields";
import { z } from "zod";
import { localizePath } from "~/domain/locales";
import { moveProfessionalSchema, doneNotice } from "~/domain/people-forms";
import { DOSSIER_NAME_DATE, dossierName } from "~/domain/dossier/dossier-name";
import { routePath } from "~/domain/route-table";
import { useLocale, useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { actionAnswer, notFound } from "~/server/http/responses.server";
import { auditTrail } from "~/server/people/audit-trail.server";
import { moveTargets } from "~/server/people/organisations.server";
import { PERSON_INTENTS, runPersonAction } from "~/server/people/person-actions.server";
import { moveProfessional, movePreview, professionalDetail } from "~/server/people/professionals.server";
import { actorOf, doneRedirect, runChange } from "~/server/people/route-helpers.server";
import type { Route } from "./+types/professional";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { LINK } from "~/components/ui/targets";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["people", "dossier"] };

const professionalForm = z.discriminatedUnion("intent", [
  moveProfessionalSchema.extend({ intent: intent("move") }),
  z.object({ intent: intents(PERSON_INTENTS) }),
]);

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-professional");
  const actor = actorOf(user);
  const { orgId, proId } = args.params;
  let detail;
  try {
    detail = await professionalDetail(actor, orgId, proId, Number(new URL(args.request.url).searchParams.get("page")) || 1);
  } catch (error) {
    if (error instanceof AppError && error.code === "not-found") throw notFound();
    throw error;
  }
  const url = new URL(args.request.url);
  const confirm = url.searchParams.get("confirm");
  const target = url.searchParams.get("target");
  const move = confirm === "move" && target ? await movePreview(actor, orgId, proId, target).catch(() => null) : null;
  const find = findParam(url.searchParams);
  const organisations = await moveTargets(actor, orgId, find);
  const audit = await auditTrail(actor, { userIds: [proId], limit: 30 });
  return { ...detail, organisations, find, audit, confirm, target, move, done: doneNotice(url) };
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "admin-professional");
  const actor = actorOf(user);
  const { orgId, proId } = args.params;
  const origin = auditOrigin(args.request, args.context);
  // The professional must be in this organisation before anything happens to them (404 otherwise).
  await runChange(() => professionalDetail(actor, orgId, proId));
  const input = await parseForm(args.request, professionalForm);
  if (!input.ok) return invalidForm(input, { error: input.code as ErrorCode });
  if (input.data.intent === "move") {
    const target = input.data.targetOrganisationId;
    const result = await runChange(() => moveProfessional(actor, orgId, proId, target, origin));
    if (!result.ok) return actionAnswer({ error: result.error });
    return doneRedirect(args.request, "moved", localizePath(routePath("admin-professional", { orgId: target, proId }), locale));
  }
  const { intent } = input.data;
  const result = await runPersonAction(actor, intent, proId, origin);
  if (!result.ok) return actionAnswer({ error: result.error });
  return doneRedirect(args.request, result.done ?? intent);
}

export default function Professional({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "dossier", "errors", "common"]);
  const lp = useLocalizedPath();
  const locale = useLocale();
  const { professional: pro, invitation, dossiers, organisations, find, audit, confirm, move, done } = loaderData;
  const here = lp(routePath("admin-professional", { orgId: pro.organisationId, proId: pro.id }));
  const format = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const dayFormat = dateTimeFormat(locale, DOSSIER_NAME_DATE);
  return (
    <>
      <PageHeader routeKey="admin-professional" title={pro.name} />
      <PageNotices done={done} error={actionData?.error} />
      {confirm === "move" && move ? (
        <ConfirmPanel intent="move" fields={{ targetOrganisationId: loaderData.target ?? "" }} cancelTo={here} confirmLabel={t("people:professional.move")}>
          <p>{t("people:professional.moveConfirm", { name: move.name, from: move.from, to: move.to, count: move.dossiers })}</p>
        </ConfirmPanel>
      ) : null}

      <dl className="mb-6 grid max-w-2xl grid-cols-1 gap-x-6 sm:grid-cols-[max-content_minmax(0,1fr)] [&>dd]:mb-1 [&>dd]:wrap-anywhere sm:[&>dd]:mb-0 gap-y-2 text-sm" data-testid="profile">
        <dt className="font-medium">{t("people:invite.email")}</dt>
        <dd>{pro.email}</dd>
        <dt className="font-medium">{t("people:invite.jobTitle")}</dt>
        <dd>{pro.jobTitle ?? "—"}</dd>
        <dt className="font-medium">{t("people:professional.organisation")}</dt>
        <dd>
          <Link to={lp(routePath("admin-organisation", { orgId: pro.organisationId }))} className={LINK}>{pro.organisationName}</Link>
        </dd>
        <dt className="font-medium">{t("people:invite.locale")}</dt>
        <dd>{t(`common:language.names.${pro.locale}`, { defaultValue: pro.locale })}</dd>
        <dt className="font-medium">{t("people:organisations.status")}</dt>
        <dd><PersonState banned={pro.banned} invitation={invitation?.state ?? "none"} t={t} /></dd>
        <dt className="font-medium">{t("people:invitation.title")}</dt>
        <dd>
          {invitation
            ? t("people:invitation.summary", { state: t(`people:invitation.${invitation.state}`), sent: format.format(new Date(invitation.sentAt)), expires: format.format(new Date(invitation.expiresAt)), count: invitation.sendCount })
            : t("people:invitation.none")}
        </dd>
      </dl>

      <section aria-labelledby="actions" className="mb-8">
        <h2 id="actions" className="mb-2 text-lg font-semibold">{t("people:person.actions")}</h2>
        <PersonActions person={{ id: pro.id, name: pro.name, banned: pro.banned, invitation: invitation?.state ?? "none" }} here={here} confirm={confirm} />
      </section>

      <section aria-labelledby="move" className="mb-8">
        <h2 id="move" className="mb-2 text-lg font-semibold">{t("people:professional.moveTitle")}</h2>
        <ChoiceSearch label={t("people:organisations.search")} find={find} shown={organisations.rows.length} total={organisations.total} noneText={t("people:choices.noOrganisations")} t={t} />
        {organisations.rows.length ? (
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="confirm" value="move" />
            <SelectField
              label={t("people:professional.moveTarget")}
              name="target"
              options={organisations.rows.map((o) => ({ value: o.id, label: o.city ? `${o.name} (${o.city})` : o.name }))}
            />
            <Button type="submit" variant="secondary">{t("people:professional.moveNext")}</Button>
          </Form>
        ) : find ? null : (
          <p className="text-slate-600">{t("people:professional.noTargets")}</p>
        )}
      </section>

      <section aria-labelledby="dossiers" className="mb-8">
        <h2 id="dossiers" className="mb-2 text-lg font-semibold">{t("people:professional.dossiers")}</h2>
        {dossiers.length === 0 ? (
          <p className="text-slate-600">{t("people:professional.noDossiers")}</p>
        ) : (
          <ScrollRegion label={t("people:professional.dossiers")}>
            <table className="w-full max-w-2xl text-left text-sm" data-testid="dossiers-table">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className="py-1 pr-3">{t("people:professional.dossier")}</th>
                  <th scope="col" className="py-1 pr-3">{t("people:organisations.status")}</th>
                  <th scope="col" className="py-1">{t("people:professional.updated")}</th>
                </tr>
              </thead>
              <tbody>
                {dossiers.map((d) => (
                  <tr key={d.id} className="border-b border-slate-100">
                    <td className="py-1 pr-3">
                      <Link to={lp(routePath("admin-dossier", { caseId: d.id }))} className={LINK}>{dossierName(d, (at) => dayFormat.format(at))}</Link>
                    </td>
                    <td className="py-1 pr-3">{t(`dossier:status.${d.status}`, { defaultValue: d.status })}</td>
                    <td className="py-1">{format.format(new Date(d.updatedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager page={loaderData.dossierPage.page} pageCount={loaderData.dossierPage.pageCount} t={t} labels="people" />
      </section>

      <AuditList items={audit} />
    </>
  );
}
