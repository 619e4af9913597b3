import { ScrollRegion } from "~/components/ui/scroll-region";
import { dateTimeFormat } from "~/lib/format-date";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { VersionSummary } from "~/server/ml/ml-pages.server";

/** The stored model versions with their metrics; any inactive one can be made active (works without JavaScript). */
export function VersionList({ versions }: { versions: VersionSummary[] }) {
  const { t, i18n } = useTranslation("ml");
  const cell = "border-b border-slate-200 px-2 py-1 text-left";
  return (
    <ScrollRegion label={t("versions.heading")}>
    <table className="w-full border-collapse text-sm" data-testid="version-list">
      <thead>
        <tr>
          <th className={cell}>{t("versions.name")}</th>
          <th className={cell}>{t("versions.accuracy")}</th>
          <th className={cell}>{t("versions.datasetSize")}</th>
          <th className={cell}>{t("versions.created")}</th>
          <th className={cell}>{t("versions.state")}</th>
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.id} data-testid="version-row" data-active={v.active}>
            <td className={cell}>
              {v.name}
              {v.synthetic ? <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-900">{t("versions.synthetic")}</span> : null}
            </td>
            <td className={`${cell} tabular-nums`}>
              {v.accuracy === null ? "–" : `${(v.accuracy * 100).toFixed(1)}%`}
              {v.accuracy !== null ? <span className="block text-xs text-slate-600">{v.synthetic ? t("versions.onSynthetic") : t("versions.onValidation")}</span> : null}
            </td>
            <td className={`${cell} tabular-nums`}>{v.datasetSize}</td>
            <td className={cell}>{dateTimeFormat(i18n.language).format(new Date(v.createdAt))}</td>
            <td className={cell}>
              {v.active ? (
                <strong>{t("versions.active")}</strong>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="activate" />
                  <input type="hidden" name="versionId" value={v.id} />
                  <Button type="submit" variant="secondary" className="px-2 py-1">
                    {t("versions.activate")}
                  </Button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </ScrollRegion>
  );
}
