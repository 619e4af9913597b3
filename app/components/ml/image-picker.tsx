/**
 * Choose an image to score: a file from disk, a recent labelled image, or a seeded synthetic sample of either
 * class. Gives the picked image as 64×64 RGB bytes (the model's input) plus a URL to show it.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { imageUrlToRgb, inputReader, rgbaToRgb, rgbToCanvas } from "~/ml/browser/frames";
import { syntheticImage } from "~/ml/synthetic/dataset";
import { mulberry32 } from "~/ml/synthetic/prng";

export type PickedImage = { rgb: Uint8Array; previewUrl: string; label: number | null; description: string };
export type RecentImage = { id: string; label: number; thumbUrl: string; imageUrl: string };

export function ImagePicker({ recent, onPick }: { recent: RecentImage[]; onPick: (image: PickedImage) => void }) {
  const { t } = useTranslation("ml");
  const [seed, setSeed] = useState(1);

  async function fromFile(file: File) {
    const bitmap = await createImageBitmap(file);
    const rgb = rgbaToRgb(inputReader()(bitmap).data);
    bitmap.close();
    onPick({ rgb, previewUrl: URL.createObjectURL(file), label: null, description: file.name });
  }

  function synthetic(label: 0 | 1) {
    const rgb = syntheticImage(mulberry32(seed * 2 + label), label, 64);
    setSeed((s) => s + 1);
    onPick({ rgb, previewUrl: rgbToCanvas(rgb, 64).toDataURL(), label, description: t(label === 1 ? "picker.syntheticInEar" : "picker.syntheticNotInEar") });
  }

  return (
    <div className="space-y-2 text-sm" data-testid="image-picker">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col">
          {t("picker.file")}
          <input type="file" accept="image/*" onChange={(e) => e.target.files?.[0] && fromFile(e.target.files[0])} />
        </label>
        <Button type="button" variant="secondary" onClick={() => synthetic(1)} data-testid="pick-synthetic-in-ear">
          {t("picker.syntheticInEar")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => synthetic(0)} data-testid="pick-synthetic-not-in-ear">
          {t("picker.syntheticNotInEar")}
        </Button>
      </div>
      {recent.length ? (
        <div>
          <p>{t("picker.recent")}</p>
          <ul className="flex flex-wrap gap-1">
            {recent.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  className="rounded border border-slate-300 p-0.5 hover:border-sky-700"
                  onClick={async () => onPick({ rgb: await imageUrlToRgb(image.thumbUrl), previewUrl: image.imageUrl, label: image.label, description: t("picker.labelled") })}
                >
                  <img src={image.thumbUrl} alt={t(image.label === 1 ? "label.inEar" : "label.notInEar")} width={48} height={48} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
