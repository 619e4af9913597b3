/**
 * Camera recording: choose a camera (a smartphone otoscope shows up as one), preview, record with MediaRecorder
 * (webm or mp4, whichever the browser supports), take stills from the live picture, then review.
 *
 * Later work plugs in here without changing the recorder:
 * - `renderOverlay(video)` draws over the live preview on every render once the <video> element is on the page
 *   (the in-ear indicator reads frames from the element itself, in a requestAnimationFrame loop);
 * - `proposeStills(recording)` runs after a recording stops and may return stills (e.g. the frames the in-ear
 *   model likes best); they join the stills taken by hand for review.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { videoFrameJpeg } from "~/lib/video-frame";
import { Button } from "../ui/button";

export interface RecordedClip {
  blob: Blob;
  /** What MediaRecorder produced, e.g. "video/webm". */
  type: string;
}

export interface RecorderProps {
  /** Drawn over the live preview. */
  renderOverlay?: (video: HTMLVideoElement) => ReactNode;
  /** After a recording: stills to propose for review. */
  proposeStills?: (recording: Blob) => Promise<Blob[]>;
  /** The user chose to keep a clip / a still (review → upload). */
  onKeepClip: (clip: RecordedClip) => void;
  onKeepStill: (still: Blob) => void;
  /** Told when a recording starts and stops (the in-ear work samples frames while it runs). */
  onRecordingChange?: (recording: boolean) => void;
  /** Open the default camera on mount, without a second tap. */
  autoStart?: boolean;
}

const CANDIDATE_TYPES = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm", "video/mp4;codecs=avc1", "video/mp4"];

export function recordingType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return CANDIDATE_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

interface Still {
  id: string;
  blob: Blob;
  url: string;
}

export function Recorder({ renderOverlay, proposeStills, onKeepClip, onKeepStill, onRecordingChange, autoStart }: RecorderProps) {
  const { t } = useTranslation("media");
  // The <video> is kept in state, not only in a ref: React detaches refs while a Suspense boundary hides this
  // tree and renders again before attaching them, so an overlay read from a ref at render time could vanish for
  // good. A callback ref that sets state re-renders whenever the element comes or goes.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string>("");
  /** When the running recording started; null while not recording. */
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const recording = startedAt !== null;
  const [elapsed, setElapsed] = useState(0);
  const [clip, setClip] = useState<(RecordedClip & { url: string }) | null>(null);
  const [stills, setStills] = useState<Still[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const stop = useCallback((current: MediaStream | null) => current?.getTracks().forEach((track) => track.stop()), []);

  const openCamera = useCallback(
    async (deviceId: string) => {
      setProblem(null);
      try {
        const next = await navigator.mediaDevices.getUserMedia({
          video: deviceId ? { deviceId: { exact: deviceId }, width: { ideal: 1280 }, height: { ideal: 720 } } : { width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
        setStream((previous) => {
          stop(previous);
          return next;
        });
        // Labels are only known once permission is given.
        const devices = await navigator.mediaDevices.enumerateDevices();
        setCameras(devices.filter((d) => d.kind === "videoinput"));
        setCameraId(next.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId);
      } catch {
        setProblem(t("recorder.noCamera"));
      }
    },
    [stop, t],
  );

  useEffect(() => {
    if (autoStart) void openCamera("");
    // Once, on mount: a later change of the flag is not a new request for the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // Only a new stream restarts the picture (the same element comes back after being hidden).
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    }
  }, [video, stream]);

  useEffect(() => () => stop(stream), [stream, stop]);

  // A camera plugged in (or unplugged) later, such as a smartphone otoscope on USB, shows in the list at once.
  useEffect(() => {
    const devices = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
    if (!devices?.addEventListener) return;
    const refresh = () =>
      void devices
        .enumerateDevices()
        .then((all) => setCameras(all.filter((d) => d.kind === "videoinput")))
        .catch(() => undefined);
    devices.addEventListener("devicechange", refresh);
    return () => devices.removeEventListener("devicechange", refresh);
  }, []);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - startedAt) / 1000)), 500);
    return () => clearInterval(timer);
  }, [startedAt]);

  const startRecording = () => {
    const type = recordingType();
    if (!stream || !type) return setProblem(t("recorder.notSupported"));
    chunksRef.current = [];
    const recorder = new MediaRecorder(stream, { mimeType: type });
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunksRef.current.push(event.data);
    };
    recorder.onstop = () => {
      const base = recorder.mimeType.split(";")[0] || type.split(";")[0];
      const blob = new Blob(chunksRef.current, { type: base });
      setClip({ blob, type: base, url: URL.createObjectURL(blob) });
      if (proposeStills) {
        void proposeStills(blob)
          .then((proposed) => setStills((current) => [...current, ...proposed.map((b) => ({ id: crypto.randomUUID(), blob: b, url: URL.createObjectURL(b) }))]))
          .catch(() => undefined);
      }
    };
    recorder.start(1000);
    recorderRef.current = recorder;
    onRecordingChange?.(true);
    setClip(null);
    setStartedAt(Date.now());
    setElapsed(0);
  };

  const stopRecording = () => {
    recorderRef.current?.stop();
    recorderRef.current = null;
    setStartedAt(null);
    onRecordingChange?.(false);
  };

  const takeStill = async () => {
    if (!video || !video.videoWidth) return;
    const blob = await videoFrameJpeg(video).catch(() => null);
    if (blob) setStills((current) => [...current, { id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob) }]);
  };

  return (
    <section className="space-y-4" data-testid="recorder">
      <div className="flex flex-wrap items-end gap-3">
        {stream ? (
          <label className="text-sm text-slate-700">
            {t("recorder.camera")}
            <select
              className="mt-1 block w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 py-2"
              value={cameraId}
              onChange={(event) => void openCamera(event.currentTarget.value)}
              disabled={recording}
              data-testid="camera-select"
            >
              {cameras.map((camera, index) => (
                <option key={camera.deviceId || index} value={camera.deviceId}>
                  {camera.label || t("recorder.cameraN", { n: index + 1 })}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <Button onClick={() => void openCamera("")}>{t("recorder.start")}</Button>
        )}
      </div>
      {problem ? (
        <p className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="relative w-full max-w-xl overflow-hidden rounded-lg bg-black" hidden={!stream}>
        <video ref={setVideo} className="aspect-video w-full" muted playsInline autoPlay data-testid="preview" />
        {renderOverlay && video ? <div className="pointer-events-none absolute inset-0">{renderOverlay(video)}</div> : null}
        {recording ? (
          <span className="absolute left-2 top-2 rounded bg-red-700 px-2 py-1 text-xs font-medium text-white" data-testid="recording-indicator">
            ● {t("recorder.recording", { seconds: elapsed })}
          </span>
        ) : null}
      </div>
      {stream ? (
        <div className="flex flex-wrap gap-2">
          {recording ? (
            <Button variant="danger" onClick={stopRecording}>
              {t("recorder.stop")}
            </Button>
          ) : (
            <Button onClick={startRecording}>{t("recorder.record")}</Button>
          )}
          <Button variant="secondary" onClick={() => void takeStill()}>
            {t("recorder.still")}
          </Button>
        </div>
      ) : null}
      {clip ? (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="review-clip">
          <h3 className="font-medium text-slate-900">{t("recorder.review")}</h3>
          <video className="aspect-video w-full max-w-xl rounded bg-black" src={clip.url} controls playsInline />
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => {
                onKeepClip({ blob: clip.blob, type: clip.type });
                setClip(null);
              }}
            >
              {t("recorder.uploadClip")}
            </Button>
            <Button variant="ghost" onClick={() => setClip(null)}>
              {t("recorder.discard")}
            </Button>
          </div>
        </div>
      ) : null}
      {stills.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="stills">
          {stills.map((still) => (
            <li key={still.id} className="space-y-1">
              <img src={still.url} alt={t("recorder.stillAlt")} className="w-full rounded" />
              <div className="flex gap-1">
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  onClick={() => {
                    onKeepStill(still.blob);
                    setStills((current) => current.filter((s) => s.id !== still.id));
                  }}
                >
                  {t("recorder.uploadStill")}
                </Button>
                <Button variant="ghost" className="px-2 py-1" onClick={() => setStills((current) => current.filter((s) => s.id !== still.id))}>
                  {t("recorder.discard")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
