/** Where a model version's files live in the object store; no database, so setup and the data layer share it. */
import type { ModelFile } from "~/ml/api-urls";

export const DEFAULT_MODEL_ID = "in-ear-synthetic";

/** Object keys may not contain "." (the seed's key rule), so the file's name becomes "model-json" etc. */
export function modelFileKey(id: string, file: ModelFile): string {
  return `ml/models/${id}/${file.replace(".", "-")}`;
}
