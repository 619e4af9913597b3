/** Test page: upload several videos and photos at once, watch each upload, pause/resume, see what was stored. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { OrganisationPicker } from "~/components/media/organisation-picker";
import { RecentMedia } from "~/components/media/recent-media";
import { UploadList } from "~/components/media/upload-list";
import { PageHeader } from "~/components/page-header";
import { ACCEPTED_CONTENT_TYPES } from "~/domain/media-types";
import { formatBytes } from "~/lib/format-media";
import { useLocale } from "~/lib/use-locale";
import { useUploads } from "~/lib/uploads/use-uploads";
import { authorize } from "~/server/auth/authorize.server";
import { mediaPageData } from "~/server/media/media-page.server";
import type { Route } from "./+types/viot-uploads";

export const handle = { i18n: ["media"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "test-viot-uploads");
  return mediaPageData(user, { source: "picker" });
}

export default function Page() {
  const { organisations, maxBytes, recent } = useLoaderData<typeof loader>();
  const { t } = useTranslation("media");
  const locale = useLocale();
  const [organisationId, setOrganisationId] = useState(organisations[0]?.id ?? "");
  const [dragging, setDragging] = useState(false);
  const uploads = useUploads();

  const addFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) void uploads.add(file, file.name, { organisationId, source: "picker" });
  };

  return (
    <>
      <PageHeader routeKey="test-viot-uploads" />
      <div className="max-w-3xl space-y-6">
        <OrganisationPicker organisations={organisations} value={organisationId} onChange={setOrganisationId} />
        <div
          className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-sky-700 bg-sky-50" : "border-slate-300 bg-white"}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            addFiles(event.dataTransfer.files);
          }}
          data-testid="drop-zone"
        >
          <label className="inline-block cursor-pointer rounded-md bg-sky-800 px-4 py-2 text-sm font-medium text-white hover:bg-sky-900">
            {t("upload.pick")}
            <input
              type="file"
              multiple
              accept={ACCEPTED_CONTENT_TYPES.join(",")}
              className="sr-only"
              disabled={!organisationId}
              onChange={(event) => {
                addFiles(event.currentTarget.files);
                event.currentTarget.value = "";
              }}
              data-testid="file-input"
            />
          </label>
          <p className="mt-2 text-sm text-slate-600">{t("upload.drop")}</p>
          <p className="mt-1 text-xs text-slate-500">{t("upload.accepted", { video: formatBytes(maxBytes.video, locale), image: formatBytes(maxBytes.image, locale) })}</p>
        </div>
        <section className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">{t("upload.list")}</h2>
          <UploadList uploads={uploads} />
        </section>
        <RecentMedia media={recent} />
      </div>
    </>
  );
}
