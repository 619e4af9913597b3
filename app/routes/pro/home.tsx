/** `/pro/{proId}`: start a dossier, find a patient by phone, dossiers returned to them first, then recent ones. */
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { DossierTable } from "~/components/dossier/dossier-table";
import { tableRow } from "~/domain/dossier/list-rows";
import { proDossierPath } from "~/domain/dossier/pro-links";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { toE164 } from "~/domain/phone";
import { auditOrigin } from "~/server/audit/audit.server";
import { errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { routePath } from "~/domain/route-table";
import { useLiveDossiers } from "~/lib/use-live-dossiers";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { professionalHome } from "~/server/dossiers/home.server";
import { professionalCurve } from "~/server/reporting/learning-curve.server";
import { LearningCurveChart } from "~/components/reporting/learning-curve-chart";
import type { Route } from "./+types/home";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["dossier", "reporting"] };

export async function loader(args: Route.LoaderArgs) {
  const { user, locale } = await authorize(args, "pro-home");
  const phone = new URL(args.request.url).searchParams.get("phone");
  let phoneError: "invalid-phone-number" | null = null;
  if (phone !== null) {
    // "Find a patient": a plain GET form, so it works without JavaScript.
    const canonical = toE164(phone);
    if (canonical) throw redirect(localizePath(routePath("pro-history", { proId: user.id, phone: canonical }), locale));
    phoneError = "invalid-phone-number";
  }
  // The lists and the curve side by side: a database across a network answers both in one round trip's time.
  // Their own learning curve only: the curve is read through the professional's own read rule.
  const [home, curve] = await Promise.all([professionalHome(user, auditOrigin(args.request, args.context)), professionalCurve(user, user.id)]);
  return { returned: home.returned.map(tableRow), recent: home.recent.map(tableRow), curve, phoneError, phone: phoneError ? phone : null };
}

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation(["dossier", "errors", "reporting"]);
  const localize = useLocalizedPath();
  useLiveDossiers();
  const hrefOf = (row: { id: string; status: string }) => localize(proDossierPath(params.proId, row));
  return (
    <>
      <PageHeader routeKey="pro-home" />
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-semibold">{t("dossier:home.startTitle")}</h2>
          <p className="mt-1 text-sm text-slate-700">{t("dossier:home.startText")}</p>
          <Link className={buttonClass("primary", "mt-3")} to={localize(routePath("pro-case", { proId: params.proId }))}>
            {t("dossier:home.start")}
          </Link>
        </section>
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-semibold">{t("dossier:home.findTitle")}</h2>
          <Form method="get" className="mt-2 flex flex-col gap-2">
            <Field
              // A new value (another search) starts from what was typed.
              key={loaderData.phone ?? ""}
              label={t("dossier:fields.phone")}
              hint={t("dossier:fields.phoneHint")}
              name="phone"
              type="tel"
              inputMode="tel"
              required
              defaultValue={loaderData.phone ?? undefined}
              error={loaderData.phoneError ? t(errorMessageKey(loaderData.phoneError)) : undefined}
            />
            <div>
              <Button type="submit" variant="secondary">
                {t("dossier:home.find")}
              </Button>
            </div>
          </Form>
        </section>
      </div>
      {loaderData.returned.length ? (
        <section className="mt-6" data-testid="returned">
          <h2 className="mb-2 text-lg font-semibold">{t("dossier:home.returned")}</h2>
          <DossierTable rows={loaderData.returned} hrefOf={hrefOf} empty="" />
        </section>
      ) : null}
      <section className="mt-6">
        <h2 className="mb-2 text-lg font-semibold">{t("dossier:home.recent")}</h2>
        <DossierTable rows={loaderData.recent} hrefOf={hrefOf} empty={t("dossier:home.none")} />
        <Link className={`${LINK} mt-2`} to={localize(routePath("pro-my-dossiers", { proId: params.proId }))}>
          {t("dossier:home.all")}
        </Link>
      </section>
      <div className="mt-6">
        <LearningCurveChart id="my-curve" title={t("reporting:curve.mine")} points={loaderData.curve} />
      </div>
    </>
  );
}
