/**
 * The dossier's media per ear. Recording, uploading, playback with frame stepping and drawing on stills come
 * with the media work (issue 5); until it is merged this section lists what is attached and says so honestly.
 */
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/lib/format-date";
import { type Ear } from "~/domain/dossier/choices";
import { fieldIdOf } from "~/domain/dossier/form";

export interface MediumItem {
  id: string;
  mediaId: string;
  ear: string;
  createdAt: string | Date;
}

export function MediaList({ media, ears, editable }: { media: MediumItem[]; ears: readonly Ear[]; editable?: boolean }) {
  const { t, i18n } = useTranslation("dossier");
  const format = dateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <section id="media" aria-labelledby="media-title" className="rounded-lg border border-slate-200 bg-white p-4" data-testid="media-section">
      <h2 id="media-title" className="text-lg font-semibold">
        {t("sections.media")}
      </h2>
      {ears.map((ear) => {
        const items = media.filter((m) => m.ear === ear);
        return (
          <div key={ear} id={fieldIdOf(`media-${ear}`)} className="mt-3">
            <h3 className="text-sm font-medium text-slate-800">{t(`choices.ear.${ear}`)}</h3>
            {items.length === 0 ? (
              <p className="text-sm text-slate-600">{t("media.none")}</p>
            ) : (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {items.map((m) => (
                  <li key={m.id} data-testid="medium">
                    {t("media.item", { at: format.format(new Date(m.createdAt)) })}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <p className="mt-3 text-sm text-slate-600">{editable ? t("media.notYetAttach") : t("media.notYetView")}</p>
    </section>
  );
}
