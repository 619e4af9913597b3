/** Where an export's files live: DATA_DIR/exports/<job id>/, the data part and manifest.json beside it. */
import fs from "node:fs";
import path from "node:path";
import { config } from "../config.server";

export const MANIFEST_FILE = "manifest.json";

export function exportDir(jobId: string): string {
  return path.join(config().dataDir, "exports", jobId);
}

export function removeExportFiles(jobId: string): void {
  fs.rmSync(exportDir(jobId), { recursive: true, force: true });
}
