import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { SyntheticNotice } from "~/components/ml/synthetic-notice";
import { Button } from "~/components/ui/button";
import { encodeForDataset } from "~/ml/browser/frames";
import { InEarIndicator } from "~/ml/browser/in-ear-indicator";
import { loadMl } from "~/ml/browser/load-ml";
import { useInEarScore } from "~/ml/browser/use-in-ear-score";
import { postJson } from "~/ml/browser/post-json";
import { useModel } from "~/ml/browser/use-model";
import { authorize } from "~/server/auth/authorize.server";
import type { Route } from "./+types/live-prediction";
import { CHOICE_LABEL } from "~/components/ui/targets";

export const handle = { i18n: ["ml"] };

export async function loader(args: Route.LoaderArgs) {
  await authorize(args, "debug-ml-live-prediction");
  return null;
}

/** Webcam (or any camera) with the live in-ear probability over the picture and the prediction rate. */
export default function Page() {
  const { t } = useTranslation("ml");
  const videoRef = useRef<HTMLVideoElement>(null);
  const { model, info, error } = useModel("active");
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string>("");
  const [cameraError, setCameraError] = useState(false);
  const [tensors, setTensors] = useState<number | null>(null);
  const [saved, setSaved] = useState(0);
  const score = useInEarScore(videoRef, { model });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    (async () => {
      stream = await navigator.mediaDevices.getUserMedia({ video: cameraId ? { deviceId: { exact: cameraId } } : true, audio: false });
      if (cancelled) return stream.getTracks().forEach((track) => track.stop());
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => undefined);
      }
      const devices = await navigator.mediaDevices.enumerateDevices();
      if (!cancelled) setCameras(devices.filter((d) => d.kind === "videoinput"));
    })().catch(() => !cancelled && setCameraError(true));
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [cameraId]);

  // The tensor count, sampled every 30 predictions, so a leak shows as a growing number (and in the browser test).
  useEffect(() => {
    if (score.frames % 30 === 1) void loadMl().then((ml) => setTensors(ml.tensorCount()));
  }, [score.frames]);

  async function saveFrame(label: 0 | 1) {
    if (!videoRef.current) return;
    await postJson("/api/ml/images", { label, source: "webcam", ...(await encodeForDataset(videoRef.current)) });
    setSaved((n) => n + 1);
  }

  return (
    <>
      <PageHeader routeKey="debug-ml-live-prediction" />
      <div className="space-y-4">
        {info?.synthetic ? <SyntheticNotice accuracy={info.accuracy} /> : null}
        {error ? <p role="alert" className="text-red-700">{t("model.loadFailed")}</p> : null}
        {cameraError ? <p role="alert" className="text-red-700">{t("live.noCamera")}</p> : null}
        <label className={CHOICE_LABEL}>
          {t("live.camera")}
          <select className="rounded border border-slate-300 px-2 py-1" value={cameraId} onChange={(e) => setCameraId(e.target.value)} data-testid="camera-select">
            <option value="">{t("live.defaultCamera")}</option>
            {cameras.map((camera, i) => (
              <option key={camera.deviceId || i} value={camera.deviceId}>
                {camera.label || t("live.cameraN", { n: i + 1 })}
              </option>
            ))}
          </select>
        </label>
        <div className="relative w-full max-w-xl overflow-hidden rounded bg-black">
          <video ref={videoRef} muted playsInline className="aspect-video w-full object-contain" data-testid="live-video" />
          <InEarIndicator probability={score.probability} fps={score.fps} />
        </div>
        <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-4 text-sm">
          <dt>{t("live.model")}</dt>
          <dd data-testid="model-name">{info ? info.name : t("model.loading")}</dd>
          <dt>{t("live.predictions")}</dt>
          <dd className="tabular-nums" data-testid="frame-count">{score.frames}</dd>
          <dt>{t("live.tensors")}</dt>
          <dd className="tabular-nums" data-testid="tensor-count">{tensors ?? "–"}</dd>
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="secondary" onClick={() => saveFrame(1)} disabled={!model}>
            {t("live.saveInEar")}
          </Button>
          <Button type="button" variant="secondary" onClick={() => saveFrame(0)} disabled={!model}>
            {t("live.saveNotInEar")}
          </Button>
          <span className="text-sm text-slate-700" aria-live="polite">{saved ? t("live.saved", { n: saved }) : null}</span>
        </div>
      </div>
    </>
  );
}
