import { useTranslation } from "react-i18next";
import { useOnline } from "~/lib/use-online";

/**
 * While the server cannot be reached: says so, and that the work is kept (issue 16 point 9). The live region is
 * always there, so the change is announced; it shows only while offline. Not a `status` role: pages keep that for
 * the outcome of what the user just did.
 */
export function OfflineBanner() {
  const { t } = useTranslation("common");
  const online = useOnline();
  return (
    <div aria-live="polite" aria-atomic="true" data-testid="offline-banner" data-online={online} className={online ? "sr-only" : "bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 print:hidden"}>
      {online ? "" : t("offline.message")}
    </div>
  );
}
