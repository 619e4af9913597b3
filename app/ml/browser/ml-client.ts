/**
 * Everything of the in-ear model that needs TensorFlow.js, for pages and components to load with
 * `await loadMl()`. TensorFlow.js (~1 MB) then stays out of the server build (server start-up would otherwise
 * import it for nothing) and out of every page's first script; the browser fetches it when a model is needed.
 */
export { fetchActiveModel, loadModelVersion, startBackend, tensorCount } from "./runtime";
export { scoreRgba } from "./score";
export { trainInBrowser } from "./training";
export { predict } from "../model";
export { saveModel } from "../model-io";
export { occlusionSensitivity } from "../occlusion";

export type MlClient = typeof import("./ml-client");
