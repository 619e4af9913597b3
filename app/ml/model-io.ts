/**
 * Saving and loading a model as two plain values, so any store can keep them (a static folder today, object
 * storage later): `modelJson`, the standard TensorFlow.js model.json (topology + weights manifest pointing at
 * "weights.bin"), and `weights`, the bytes of weights.bin. The same pair written as files loads with
 * tf.loadLayersModel("…/model.json") in a browser too.
 */
import * as tf from "@tensorflow/tfjs";

export const WEIGHTS_FILE = "weights.bin";

export type SavedModel = { modelJson: tf.io.ModelJSON; weights: ArrayBuffer };

export async function saveModel(model: tf.LayersModel): Promise<SavedModel> {
  let saved: SavedModel | undefined;
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      if (!artifacts.weightSpecs || !artifacts.weightData) throw new Error("model has no weights to save");
      const weights = new tf.io.CompositeArrayBuffer(artifacts.weightData).slice();
      saved = {
        modelJson: {
          format: artifacts.format,
          generatedBy: artifacts.generatedBy,
          convertedBy: artifacts.convertedBy ?? null,
          modelTopology: artifacts.modelTopology as object,
          // No training config: the optimizer state is not saved, and a loaded model is compiled by its user.
          weightsManifest: [{ paths: [WEIGHTS_FILE], weights: artifacts.weightSpecs }],
        },
        weights,
      };
      return { modelArtifactsInfo: tf.io.getModelArtifactsInfoForJSON(artifacts) };
    }),
    { includeOptimizer: false },
  );
  if (!saved) throw new Error("model.save did not call the save handler");
  return saved;
}

export async function loadModel(saved: SavedModel): Promise<tf.LayersModel> {
  const weightSpecs = saved.modelJson.weightsManifest.flatMap((group) => group.weights);
  return tf.loadLayersModel(
    tf.io.fromMemory({ modelTopology: saved.modelJson.modelTopology, weightSpecs, weightData: saved.weights }),
  );
}
