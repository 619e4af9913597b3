/** Starts the backend and loads a model version ("active" for whichever is active) for a page. */
import type * as tf from "@tensorflow/tfjs";
import { useEffect, useState } from "react";
import type { BackendName } from "../backend";
import { DEFAULT_BROWSER_BACKEND } from "./backends";
import { loadMl } from "./load-ml";
import type { ActiveModel } from "~/server/ml/model-versions.server";

export type ModelState = { model: tf.LayersModel | null; info: ActiveModel | null; error: string | null; backend: BackendName };

export function useModel(version: string | "active" = "active", backend: BackendName = DEFAULT_BROWSER_BACKEND): ModelState {
  const [state, setState] = useState<ModelState>({ model: null, info: null, error: null, backend });
  useEffect(() => {
    let cancelled = false;
    setState({ model: null, info: null, error: null, backend });
    (async () => {
      const ml = await loadMl();
      await ml.startBackend(backend);
      const info = version === "active" ? await ml.fetchActiveModel() : null;
      const model = await ml.loadModelVersion(info?.id ?? version);
      if (!cancelled) setState({ model, info, error: null, backend });
    })().catch((error: unknown) => {
      if (!cancelled) setState({ model: null, info: null, error: String(error), backend });
    });
    return () => {
      cancelled = true;
    };
  }, [version, backend]);
  return state;
}
