import { useTranslation } from "react-i18next";

/** Backup codes, shown once: each works one time when the authenticator app is not at hand. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("account");
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-300 bg-slate-50 p-4">
      <p className="text-sm font-medium text-slate-900">{t("secondFactor.backupCodesTitle")}</p>
      <p className="text-sm text-slate-700">{t("secondFactor.backupCodesIntro")}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
