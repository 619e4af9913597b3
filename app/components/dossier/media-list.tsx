/**
 * The dossier's media per ear. Everyone who may read the dossier sees each medium large (video with frame
 * stepping and zoom, stills with zoom and drawing notes) from signed URLs, refreshed before they expire. On the
 * owner's editing page (`capture`) each ear can record with the otoscope camera (with the in-ear model) or upload
 * files; every finished upload is attached to that ear through the page's action, and media can be removed.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useRevalidator } from "react-router";
import { UploadList } from "~/components/media/upload-list";
import { fileStamp } from "~/lib/format-media";
import { MEDIA_URL_TTL_MS } from "~/domain/constants";
import { type Ear } from "~/domain/dossier/choices";
import type { Drawings, Stroke } from "~/domain/dossier/content";
import { fieldIdOf } from "~/domain/dossier/form";
import { FieldErrorText } from "./field-errors";
import { dateTimeFormat } from "~/lib/format-date";
import type { MediaInfo } from "~/lib/uploads/media-client";
import { useUploads } from "~/lib/uploads/use-uploads";
import { Button } from "../ui/button";
import { FrameJudge, type FrameJudgementItem } from "./frame-judge";
import { InEarFacts, MediumViewer } from "./medium-viewer";
import { apiPath } from "~/domain/api-table";
import { http } from "~/lib/http";

// The recorder brings the in-ear model (TensorFlow.js on demand); only load it when someone opens the camera.
const InEarRecorder = lazy(() => import("~/components/media/in-ear-recorder").then((m) => ({ default: m.InEarRecorder })));

export interface MediumItem {
  id: string;
  mediaId: string;
  ear: string;
  createdAt: string | Date;
  media: MediaInfo | null;
}

/** The media with signed URLs fetched anew before they expire (the page may stay open for a long review). */
function useFreshMedia(dossierId: string, initial: MediumItem[]): MediumItem[] {
  const [items, setItems] = useState(initial);
  useEffect(() => setItems(initial), [initial]);
  useEffect(() => {
    const timer = setInterval(
      () => {
        void http<{ media: MediumItem[] }>(apiPath("dossierMedia", { id: dossierId }))
          .then((body) => setItems(body.media))
          .catch(() => undefined);
      },
      Math.floor(MEDIA_URL_TTL_MS * 0.8),
    );
    return () => clearInterval(timer);
  }, [dossierId]);
  return items;
}

function Capture({ dossierId, ears }: { dossierId: string; ears: readonly Ear[] }) {
  const { t } = useTranslation(["dossier", "media"]);
  const uploads = useUploads();
  const revalidator = useRevalidator();
  const shown = useRef(new Set<string>());
  const [camera, setCamera] = useState<Ear | null>(null);

  // The server attaches each finished upload to the dossier and ear it names, in the transaction that completes it
  // (so one resumed later, from the offline queue, lands too); the page then loads the dossier's media again.
  useEffect(() => {
    const finished = uploads.items.filter((item) => item.media?.status === "complete" && !shown.current.has(item.key));
    if (finished.length === 0) return;
    for (const item of finished) shown.current.add(item.key);
    void revalidator.revalidate();
  }, [uploads.items, revalidator]);

  const add = async (ear: Ear, blob: Blob, name: string, facts: { inEarScore: number; modelVersion: string } | null, source: string) => {
    await uploads.add(blob, name, { source, dossierId, ear, ...(facts ?? {}) });
  };

  return (
    <div className="mt-4 flex flex-col gap-4 border-t border-slate-200 pt-4" data-testid="media-capture">
      {ears.map((ear) => (
        // With the camera open, a phone gives this ear the whole screen: the picture, the in-ear indicator and the
        // proposed stills, with "close camera" at the top.
        <div
          key={ear}
          className={`flex flex-col gap-2 ${camera === ear ? "max-sm:fixed max-sm:inset-0 max-sm:z-40 max-sm:overflow-y-auto max-sm:bg-white max-sm:p-3" : ""}`}
          data-testid={`capture-${ear}`}
          data-full-screen={camera === ear || undefined}
        >
          <h3 className="text-sm font-medium text-slate-800">{t("dossier:media.addFor", { ear: t(`dossier:choices.earInSentence.${ear}`) })}</h3>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant={camera === ear ? "primary" : "secondary"}
              aria-pressed={camera === ear}
              onClick={() => setCamera(camera === ear ? null : ear)}
              data-testid={`record-${ear}`}
            >
              {camera === ear ? t("dossier:media.closeCamera") : t("dossier:media.record")}
            </Button>
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800">
              {t("dossier:media.upload")}
              <input
                type="file"
                accept="video/*,image/*"
                multiple
                className="sr-only"
                data-testid={`file-${ear}`}
                onChange={(event) => {
                  for (const file of Array.from(event.currentTarget.files ?? [])) void add(ear, file, file.name, null, "picker");
                  event.currentTarget.value = "";
                }}
              />
            </label>
          </div>
          {camera === ear ? (
            <Suspense fallback={<p className="text-sm text-slate-600">{t("dossier:media.loadingCamera")}</p>}>
              <InEarRecorder
                autoStart
                onKeepClip={(clip, facts) =>
                  void add(
                    ear,
                    clip.blob,
                    `${t("media:recorder.clipName")}-${ear}-${fileStamp()}.${clip.type.includes("mp4") ? "mp4" : "webm"}`,
                    facts,
                    "recorder",
                  )
                }
                onKeepStill={(still, facts) =>
                  void add(ear, still, `${t("media:recorder.stillName")}-${ear}-${fileStamp()}.jpg`, facts, "recorder")
                }
              />
            </Suspense>
          ) : null}
        </div>
      ))}
      {uploads.items.length > 0 ? (
        <UploadList uploads={uploads} compact />
      ) : null}
    </div>
  );
}

export interface MediaListProps {
  dossierId: string;
  media: MediumItem[];
  ears: readonly Ear[];
  /** The owner's editing page: record, upload and remove. */
  capture?: boolean;
  /** Drawing notes per medium; `onDrawings` makes them editable (the reviewing supervisor). */
  drawings?: Drawings;
  onDrawings?: (next: Drawings) => void;
  /** Frame judgements for the in-ear model (the review page): shown, and made when `mayJudge`. */
  judging?: { judgements: FrameJudgementItem[]; mayJudge: boolean };
}

export function MediaList({ dossierId, media, ears, capture, drawings, onDrawings, judging }: MediaListProps) {
  const { t, i18n } = useTranslation("dossier");
  const format = dateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const items = useFreshMedia(dossierId, media);
  const [judgements, setJudgements] = useState(judging?.judgements ?? []);
  useEffect(() => setJudgements(judging?.judgements ?? []), [judging?.judgements]);
  const judged = (mediaId: string, frameMs: number, next: FrameJudgementItem | null) =>
    setJudgements((list) => {
      const others = list.filter((j) => !(j.mediaId === mediaId && j.frameMs === frameMs));
      return next ? [...others, next].sort((a, b) => a.frameMs - b.frameMs) : others;
    });
  return (
    <section
      id="media"
      aria-labelledby="media-title"
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="media-section"
    >
      <h2 id="media-title" className="text-lg font-semibold">
        {t("sections.media")}
      </h2>
      {ears.map((ear) => {
        const own = items.filter((m) => m.ear === ear);
        return (
          <div key={ear} id={fieldIdOf(`media-${ear}`)} className="mt-3" data-testid={`media-${ear}`}>
            <h3 className="text-sm font-medium text-slate-800">{t(`choices.ear.${ear}`)}</h3>
            <FieldErrorText item={`media-${ear}`} />
            {own.length === 0 ? (
              <p className="text-sm text-slate-600">{t("media.none")}</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-4">
                {own.map((m, index) => {
                  const label = t("media.itemLabel", { ear: t(`choices.ear.${ear}`), n: index + 1 });
                  const strokes: readonly Stroke[] = drawings?.[m.mediaId] ?? [];
                  return (
                    <li key={m.id} data-testid="medium" data-kind={m.media?.kind} data-medium-id={m.mediaId} className="flex flex-col gap-2">
                      {m.media ? (
                        <MediumViewer
                          media={m.media}
                          label={label}
                          strokes={strokes}
                          onStrokes={onDrawings ? (next) => onDrawings({ ...(drawings ?? {}), [m.mediaId]: next }) : undefined}
                        />
                      ) : (
                        <p className="text-sm text-slate-600">{t("media.notReady")}</p>
                      )}
                      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
                        <span>{t("media.item", { at: format.format(new Date(m.createdAt)) })}</span>
                        {m.media ? <InEarFacts media={m.media} /> : null}
                        {capture ? (
                          <Form method="post" className="inline">
                            <input type="hidden" name="dossierMediumId" value={m.id} />
                            <Button
                              type="submit"
                              name="intent"
                              value="detach-medium"
                              variant="ghost"
                              className="px-2 py-1"
                              data-testid="remove-medium"
                            >
                              {t("media.remove")}
                            </Button>
                          </Form>
                        ) : null}
                      </div>
                      {judging && m.media?.urls.file ? (
                        <FrameJudge
                          dossierId={dossierId}
                          mediaId={m.mediaId}
                          kind={m.media.kind}
                          box={() => document.querySelector<HTMLElement>(`[data-medium-id="${m.mediaId}"]`)}
                          judgements={judgements}
                          onChange={judged}
                          mayJudge={judging.mayJudge}
                        />
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
      {capture ? <Capture dossierId={dossierId} ears={ears} /> : null}
    </section>
  );
}
