import { useTranslation } from "react-i18next";
import { Styled } from "~/components/ui/styled";

/** Dataset size and the share of each class, as numbers and a bar. */
export function ClassBalance({ inEar, notInEar }: { inEar: number; notInEar: number }) {
  const { t } = useTranslation("ml");
  const total = inEar + notInEar;
  const share = total ? Math.round((inEar / total) * 100) : 0;
  return (
    <div className="max-w-xl space-y-1" data-testid="class-balance">
      <p className="text-sm">{t("dataset.summary", { total, inEar, notInEar })}</p>
      <div className="flex h-3 overflow-hidden rounded bg-slate-200" aria-hidden="true">
        <Styled className="bg-emerald-600" cssom={{ width: `${share}%` }} />
        {total ? <div className="flex-1 bg-slate-500" /> : null}
      </div>
    </div>
  );
}
