/** Loads the TensorFlow.js side of the model on demand (see ml-client.ts); the module is cached after the first call. */
export function loadMl(): Promise<typeof import("./ml-client")> {
  return import("./ml-client");
}
