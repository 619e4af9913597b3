/** Test page: record from a camera (or a smartphone otoscope) with the live in-ear indicator, take stills, review and upload. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { OrganisationPicker } from "~/components/media/organisation-picker";
import { RecentMedia } from "~/components/media/recent-media";
import { InEarRecorder } from "~/components/media/in-ear-recorder";
import { UploadList } from "~/components/media/upload-list";
import { fileStamp } from "~/lib/format-media";
import { PageHeader } from "~/components/page-header";
import { useUploads } from "~/lib/uploads/use-uploads";
import { authorize } from "~/server/auth/authorize.server";
import { mediaPageData } from "~/server/media/media-page.server";
import type { Route } from "./+types/record-view";

export const handle = { i18n: ["media", "ml"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "test-record-view");
  return mediaPageData(user, { source: "recorder" });
}

export default function Page() {
  const { organisations, recent } = useLoaderData<typeof loader>();
  const { t } = useTranslation("media");
  const [organisationId, setOrganisationId] = useState(organisations[0]?.id ?? "");
  const uploads = useUploads();

  return (
    <>
      <PageHeader routeKey="test-record-view" />
      <div className="max-w-3xl space-y-6">
        <OrganisationPicker organisations={organisations} value={organisationId} onChange={setOrganisationId} />
        <InEarRecorder
          onKeepClip={(clip, facts) =>
            void uploads.add(clip.blob, `${t("recorder.clipName")}-${fileStamp()}.${clip.type.includes("mp4") ? "mp4" : "webm"}`, { organisationId, source: "recorder", ...facts })
          }
          onKeepStill={(still, facts) => void uploads.add(still, `${t("recorder.stillName")}-${fileStamp()}.jpg`, { organisationId, source: "recorder", ...facts })}
        />
        <section className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">{t("upload.list")}</h2>
          <UploadList uploads={uploads} />
        </section>
        <RecentMedia media={recent} />
      </div>
    </>
  );
}
