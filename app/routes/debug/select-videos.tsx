import { dateTimeFormat } from "~/lib/format-date";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { errorMessageKey } from "~/domain/errors";
import { routePath } from "~/domain/route-table";
import { VIDEO_SOURCES } from "~/domain/video-sources";
import { FIRST_DAY, LAST_DAY } from "~/domain/calendar-day";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { pageAction, testVideoForm, uploadVideoFromForm, videosPage } from "~/server/ml/ml-pages.server";
import type { Route } from "./+types/select-videos";
import { MAX_TEST_VIDEO_BYTES } from "~/server/ml/video-sources.server";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { FORM_OVERHEAD_BYTES } from "~/server/forms/read-form.server";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["ml"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "debug-ml-select-videos");
  return videosPage(user, new URL(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "debug-ml-select-videos");
  const input = await parseForm(args.request, testVideoForm, { maxBytes: MAX_TEST_VIDEO_BYTES + FORM_OVERHEAD_BYTES });
  if (!input.ok) return invalidForm(input, { ok: false as const, error: input.code });
  return pageAction(() => uploadVideoFromForm(user, input.data));
}

/** Test videos and dossier videos to label, with filters; upload a test video with a plain form. */
export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("ml");
  const lp = useLocalizedPath();
  const { videos, filters, organisations } = loaderData;
  return (
    <>
      <PageHeader routeKey="debug-ml-select-videos" />
      <div className="space-y-6">
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2 text-sm" data-testid="video-upload">
          <label className="flex flex-col">
            {t("videos.file")}
            <input type="file" name="video" accept="video/*" required />
          </label>
          <Button type="submit">{t("videos.upload")}</Button>
        </Form>
        {actionData && "error" in actionData && actionData.error ? (
          <p role="alert" className="text-red-700">
            {t(errorMessageKey(actionData.error))}
          </p>
        ) : null}
        <Form method="get" className="flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col">
            {t("videos.search")}
            <input type="search" name="q" defaultValue={filters.name} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <label className="flex flex-col">
            {t("videos.source")}
            <select name="source" defaultValue={filters.source} className="rounded border border-slate-300 px-2 py-1">
              <option value="">{t("videos.allSources")}</option>
              {VIDEO_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {t(`videoSource.${source}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col">
            {t("videos.organisation")}
            <select name="organisation" defaultValue={filters.organisationId} className="rounded border border-slate-300 px-2 py-1">
              <option value="">{t("videos.allOrganisations")}</option>
              {organisations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col">
            {t("videos.from")}
            <input type="date" name="from" min={FIRST_DAY} max={LAST_DAY} defaultValue={filters.from} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <label className="flex flex-col">
            {t("videos.to")}
            <input type="date" name="to" min={FIRST_DAY} max={LAST_DAY} defaultValue={filters.to} className="rounded border border-slate-300 px-2 py-1" />
          </label>
          <label className="flex items-center gap-1">
            <input type="checkbox" name="mine" value="1" defaultChecked={filters.mine} />
            {t("videos.mine")}
          </label>
          <Button type="submit" variant="secondary">
            {t("filters.apply")}
          </Button>
        </Form>
        {videos.length === 0 ? <p>{t("videos.empty")}</p> : null}
        <ul className="divide-y divide-slate-200" data-testid="video-list">
          {videos.map((video) => (
            <li key={video.id} data-source={video.source} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <strong>{video.name}</strong>
                <span className="ml-2 text-slate-600">
                  {t(`videoSource.${video.source}`)}
                  {video.organisationName ? ` · ${video.organisationName}` : ""} · {(video.size / 1024 / 1024).toFixed(1)} MB · {dateTimeFormat(i18n.language).format(new Date(video.uploadedAt))}
                </span>
              </span>
              <Link className={LINK} to={`${lp(routePath("debug-ml-label-images-from-video"))}?video=${encodeURIComponent(video.id)}`}>
                {t("videos.label")}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
