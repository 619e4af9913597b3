import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { ClassBalance } from "~/components/ml/class-balance";
import { SyntheticNotice } from "~/components/ml/synthetic-notice";
import { TrainingPanel } from "~/components/ml/training-panel";
import { VersionList } from "~/components/ml/version-list";
import { errorMessageKey } from "~/domain/errors";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { activateFromForm, activateVersionForm, modelOverview, pageAction } from "~/server/ml/ml-pages.server";
import type { Route } from "./+types/ml";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["ml"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "debug-ml");
  return modelOverview(user);
}

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "debug-ml");
  const input = await parseForm(args.request, activateVersionForm);
  if (!input.ok) return invalidForm(input, { ok: false as const, error: input.code });
  return pageAction(() => activateFromForm(user, input.data));
}

/** What the model is, the dataset, training in the browser, and the stored versions. */
export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ml");
  const lp = useLocalizedPath();
  const { versions, balance } = loaderData;
  const active = versions.find((v) => v.active);
  return (
    <>
      <PageHeader routeKey="debug-ml" />
      <div className="space-y-8">
        <section aria-labelledby="about-heading" className="max-w-3xl space-y-2">
          <h2 id="about-heading" className="text-xl font-semibold">
            {t("about.heading")}
          </h2>
          <p>{t("about.task")}</p>
          <p>{t("about.architecture")}</p>
          <p>{t("about.training")}</p>
          <p data-testid="active-version">{active ? t("about.active", { name: active.name }) : null}</p>
          {active?.synthetic ? <SyntheticNotice accuracy={active.accuracy} /> : null}
        </section>
        <section aria-labelledby="dataset-heading" className="space-y-2">
          <h2 id="dataset-heading" className="text-xl font-semibold">
            {t("dataset.heading")}
          </h2>
          <ClassBalance {...balance} />
          <p className="text-sm">
            <Link className={LINK} to={lp(routePath("debug-ml-labeled-images"))}>
              {t("dataset.open")}
            </Link>
          </p>
        </section>
        <TrainingPanel labelledCount={balance.inEar + balance.notInEar} />
        <section aria-labelledby="versions-heading" className="space-y-2">
          <h2 id="versions-heading" className="text-xl font-semibold">
            {t("versions.heading")}
          </h2>
          {actionData && "error" in actionData && actionData.error ? (
            <p role="alert" className="text-red-700">
              {t(errorMessageKey(actionData.error))}
            </p>
          ) : null}
          <VersionList versions={versions} />
        </section>
      </div>
    </>
  );
}
