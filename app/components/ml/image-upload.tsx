/** Add pictures to the dataset: choose files and their label; each is stored with a 64×64 thumbnail. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { encodeForDataset } from "~/ml/browser/frames";
import { postJson } from "~/ml/browser/post-json";
import { apiPath } from "~/domain/api-table";

export function ImageUpload() {
  const { t } = useTranslation("ml");
  const revalidator = useRevalidator();
  const [files, setFiles] = useState<File[]>([]);
  const [label, setLabel] = useState<0 | 1>(1);
  const [done, setDone] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  async function upload() {
    setDone(0);
    setFailed(false);
    try {
      for (const file of files) {
        const bitmap = await createImageBitmap(file);
        const encoded = await encodeForDataset(bitmap);
        bitmap.close();
        await postJson(apiPath("saveLabelledImage"), { label, source: "upload", ...encoded });
        setDone((n) => (n ?? 0) + 1);
      }
      void revalidator.revalidate();
    } catch {
      setFailed(true);
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-2 text-sm" data-testid="image-upload">
      <label className="flex flex-col">
        {t("upload.files")}
        <input type="file" accept="image/*" multiple onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
      </label>
      <label className="flex flex-col">
        {t("upload.label")}
        <select className="rounded border border-slate-300 px-2 py-1" value={label} onChange={(e) => setLabel(e.target.value === "1" ? 1 : 0)}>
          <option value="1">{t("label.inEar")}</option>
          <option value="0">{t("label.notInEar")}</option>
        </select>
      </label>
      <Button type="button" variant="secondary" onClick={upload} disabled={!files.length}>
        {t("upload.submit")}
      </Button>
      <span aria-live="polite">
        {done !== null ? t("upload.progress", { done, total: files.length }) : null}
        {failed ? ` ${t("upload.failed")}` : null}
      </span>
    </div>
  );
}
