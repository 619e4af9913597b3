import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { HeatMap } from "~/components/ml/heat-map";
import { ImagePicker, type PickedImage } from "~/components/ml/image-picker";
import { SyntheticNotice } from "~/components/ml/synthetic-notice";
import { useModel } from "~/ml/browser/use-model";
import { loadMl } from "~/ml/browser/load-ml";
import type { OcclusionMap } from "~/ml/occlusion";
import { authorize } from "~/server/auth/authorize.server";
import { recentImages } from "~/server/ml/ml-pages.server";
import type { Route } from "./+types/explanation";

export const handle = { i18n: ["ml"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "debug-explanation");
  // Only images to pick: the page always explains the active model, so it needs no list of versions.
  return { recent: await recentImages(user) };
}

/** How the active model decides: an image, its prediction, and the regions that drove it (occlusion sensitivity). */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ml");
  const { model, info, error } = useModel("active");
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [map, setMap] = useState<OcclusionMap | null>(null);

  useEffect(() => {
    setMap(null);
    if (!model || !picked) return;
    let cancelled = false;
    loadMl()
      .then((ml) => ml.occlusionSensitivity(model, picked.rgb))
      .then((m) => !cancelled && setMap(m))
      // A failed explanation leaves the picture without a heat map rather than an unhandled rejection.
      .catch(() => !cancelled && setMap(null));
    return () => {
      cancelled = true;
    };
  }, [model, picked]);

  return (
    <div className="max-w-4xl">
      <PageHeader routeKey="debug-explanation" />
      <div className="space-y-4">
        <p className="max-w-3xl">{t("explanation.intro")}</p>
        {info?.synthetic ? <SyntheticNotice accuracy={info.accuracy} /> : null}
        {error ? <p role="alert" className="text-red-700">{t("model.loadFailed")}</p> : null}
        <ImagePicker recent={loaderData.recent} onPick={setPicked} />
        {picked && map ? (
          <div className="flex flex-wrap items-start gap-6">
            <HeatMap imageUrl={picked.previewUrl} map={map} alt={picked.description} />
            <dl className="grid grid-cols-[auto_auto] gap-x-4 text-sm" data-testid="explanation">
              <dt>{t("test.probability")}</dt>
              <dd className="tabular-nums" data-testid="probability">{(map.base * 100).toFixed(1)}%</dd>
              <dt>{t("test.prediction")}</dt>
              <dd data-testid="predicted-label">{t(map.base >= 0.5 ? "label.inEar" : "label.notInEar")}</dd>
              <dt>{t("explanation.method")}</dt>
              <dd>{t("explanation.methodValue", { patch: map.patch, stride: map.stride, n: map.drops.length })}</dd>
            </dl>
            <p className="max-w-md text-sm text-slate-700">{t("explanation.legend")}</p>
          </div>
        ) : picked ? (
          <p>{t("explanation.computing")}</p>
        ) : null}
      </div>
    </div>
  );
}
