/** Inside the sign-in pop-up: tell the page that opened it how signing in ended, then close. */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { POPUP_CHANNEL, type PopupMessage } from "~/lib/oidc-popup";

export function PopupOutcome({ outcome }: { outcome: PopupMessage }) {
  const { t } = useTranslation("auth");
  useEffect(() => {
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    channel.postMessage(outcome);
    channel.close();
    window.close();
  }, [outcome]);
  return <Alert tone={outcome.type === "done" ? "success" : "error"}>{t(outcome.type === "done" ? "verifyLogin.popupDone" : "verifyLogin.popupError")}</Alert>;
}
