/** The labelled set as the model sees it: ids and labels from the server, pixels from the 64×64 thumbnails. */
import { labelledImageUrl } from "../api-urls";
import { inputReader, imageUrlToRgb } from "./frames";
import { apiPath } from "~/domain/api-table";
import { http } from "~/lib/http";

export type DatasetEntry = { id: string; label: number };

export async function fetchDatasetIndex(): Promise<DatasetEntry[]> {
  return http<DatasetEntry[]>(apiPath("dataset"), { headers: { Accept: "application/json" } });
}

/**
 * Loads thumbnails a few at a time. They are frames of patients, so no cache keeps them and each run reads them
 * again (a read is audited once per image and window, app/server/audit/labelled-image-reads.server.ts).
 */
export async function loadDatasetPixels(entries: DatasetEntry[], onProgress?: (done: number) => void): Promise<{ images: Uint8Array[]; labels: Uint8Array }> {
  const images: Uint8Array[] = new Array(entries.length);
  const read = inputReader();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < entries.length) {
      const i = next++;
      images[i] = await imageUrlToRgb(labelledImageUrl(entries[i].id, "thumb.jpg"), read);
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { images, labels: Uint8Array.from(entries, (e) => e.label) };
}
