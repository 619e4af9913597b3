import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { PageHeader } from "~/components/page-header";
import { ClassBalance } from "~/components/ml/class-balance";
import { ImageUpload } from "~/components/ml/image-upload";
import { Button } from "~/components/ui/button";
import { errorMessageKey } from "~/domain/errors";
import { IMAGE_SOURCES } from "~/domain/image-sources";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { changeLabelledImage, labelledImageForm, labelledImagesPage, pageAction } from "~/server/ml/ml-pages.server";
import type { Route } from "./+types/labeled-images";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";

export const handle = { i18n: ["ml", "dossier"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "debug-ml-labeled-images");
  return labelledImagesPage(user, new URL(args.request.url), auditOrigin(args.request, args.context));
}

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "debug-ml-labeled-images");
  const input = await parseForm(args.request, labelledImageForm);
  if (!input.ok) return invalidForm(input, { ok: false as const, error: input.code });
  return pageAction(() => changeLabelledImage(user, input.data));
}

/** The dataset as a grid of thumbnails, one page at a time: filters, relabel, delete, balance, zip export. */
export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ml");
  const [params] = useSearchParams();
  const { images, balance, filters, page, pageCount, total } = loaderData;
  const exportQuery = new URLSearchParams();
  if (filters.label !== null) exportQuery.set("label", String(filters.label));
  if (filters.source) exportQuery.set("source", filters.source);
  const pageLink = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next}`;
  };
  return (
    <>
      <PageHeader routeKey="debug-ml-labeled-images" />
      <div className="space-y-4">
        <ClassBalance {...balance} />
        <Form method="get" className="flex flex-wrap items-end gap-3 text-sm" data-testid="image-filters">
          <label className="flex min-w-0 max-w-full flex-col">
            {t("filters.label")}
            <select name="label" defaultValue={filters.label ?? ""} className="max-w-full rounded border border-slate-300 px-2 py-1">
              <option value="">{t("filters.all")}</option>
              <option value="1">{t("label.inEar")}</option>
              <option value="0">{t("label.notInEar")}</option>
            </select>
          </label>
          <label className="flex min-w-0 max-w-full flex-col">
            {t("filters.source")}
            <select name="source" defaultValue={filters.source ?? ""} className="max-w-full rounded border border-slate-300 px-2 py-1">
              <option value="">{t("filters.all")}</option>
              {IMAGE_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {t(`source.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            {t("filters.apply")}
          </Button>
          <a className="text-sky-800 underline" href={`/api/ml/export.zip?${exportQuery}`} download data-testid="export-zip">
            {t("export.zip", { n: total })}
          </a>
        </Form>
        <ImageUpload />
        {actionData && "error" in actionData && actionData.error ? (
          <p role="alert" className="text-red-700">
            {t(errorMessageKey(actionData.error))}
          </p>
        ) : null}
        {images.length === 0 ? <p data-testid="no-images">{t("grid.empty")}</p> : null}
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-3" data-testid="image-grid">
          {images.map((image) => (
            <li key={image.id} className="rounded border border-slate-200 bg-white p-1 text-xs" data-testid="image-card" data-label={image.label}>
              <a href={image.imageUrl} target="_blank" rel="noreferrer">
                <img src={image.thumbUrl} alt={image.label === 1 ? t("label.inEar") : t("label.notInEar")} width={64} height={64} loading="lazy" className="h-24 w-full object-cover [image-rendering:pixelated]" />
              </a>
              <p className={image.label === 1 ? "font-medium text-emerald-800" : "font-medium text-slate-700"}>{image.label === 1 ? t("label.inEar") : t("label.notInEar")}</p>
              <p className="text-slate-600">
                {t(`source.${image.source}`)}
                {image.timestampMs !== null ? ` · ${(image.timestampMs / 1000).toFixed(2)} s` : null}
              </p>
              {image.labelledBy ? <p className="truncate text-slate-600">{t("grid.labelledBy", { name: image.labelledBy })}</p> : null}
              {image.review ? (
                <p className="text-slate-700" data-testid="review-facts">
                  {t("grid.judged", { judgement: t(`dossier:judge.choices.${image.review.judgement}`) })}
                  <br />
                  {image.review.modelVersion && image.review.inEarScore !== null
                    ? t("grid.modelSaid", { version: image.review.modelVersion, percent: Math.round(image.review.inEarScore * 100) })
                    : t("grid.noModel")}
                </p>
              ) : null}
              <div className="mt-1 flex flex-wrap gap-1">
                <Form method="post">
                  <input type="hidden" name="intent" value="relabel" />
                  <input type="hidden" name="imageId" value={image.id} />
                  <input type="hidden" name="label" value={image.label === 1 ? "0" : "1"} />
                  <button type="submit" className="rounded border border-slate-300 px-1 hover:bg-slate-100">
                    {t("grid.relabel")}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="imageId" value={image.id} />
                  <button type="submit" className="rounded border border-red-300 px-1 text-red-800 hover:bg-red-50">
                    {t("grid.delete")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
        <nav aria-label={t("grid.pages")} className="flex items-center gap-3 text-sm">
          {page > 0 ? <Link to={pageLink(page - 1)}>{t("grid.previous")}</Link> : null}
          <span data-testid="page-of">{t("grid.pageOf", { page: page + 1, pages: pageCount })}</span>
          {page + 1 < pageCount ? <Link to={pageLink(page + 1)}>{t("grid.next")}</Link> : null}
        </nav>
      </div>
    </>
  );
}
