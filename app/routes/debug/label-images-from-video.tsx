import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { VideoLabeller } from "~/components/ml/video-labeller";
import { AppError } from "~/domain/errors";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { labellingPage } from "~/server/ml/ml-pages.server";
import { notFound } from "~/server/http/responses.server";
import type { Route } from "./+types/label-images-from-video";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["ml"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "debug-ml-label-images-from-video");
  try {
    return await labellingPage(user, new URL(args.request.url));
  } catch (error) {
    // A video that does not exist (or is not one this user may label) is a 404 page, like any other record.
    if (error instanceof AppError) throw notFound();
    throw error;
  }
}

/** Play a chosen video and label its frames; without a chosen video, point to the list. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ml");
  const lp = useLocalizedPath();
  const { video, moments } = loaderData;
  return (
    <>
      <PageHeader routeKey="debug-ml-label-images-from-video" />
      {video ? (
        <>
          <p className="mb-2 font-medium">{video.name}</p>
          <VideoLabeller key={video.id} video={video} initialMoments={moments} />
        </>
      ) : (
        <p>
          {t("labeller.noVideo")}{" "}
          <Link className={LINK} to={lp(routePath("debug-ml-select-videos"))}>
            {t("labeller.chooseVideo")}
          </Link>
        </p>
      )}
    </>
  );
}
