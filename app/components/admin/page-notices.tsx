import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { errorMessageKey, type ErrorCode } from "~/domain/errors";

/** The admin pages' notices: what was just done (`?done=`, after post/redirect/get) and an action's error. */
export function PageNotices({ done, error }: { done: string | null | undefined; error: ErrorCode | null | undefined }) {
  const { t } = useTranslation(["people", "errors"]);
  return (
    <>
      {done ? <div className="mb-4"><Alert tone="success">{t(`people:done.${done}`)}</Alert></div> : null}
      {error ? <div className="mb-4"><Alert tone="error">{t(errorMessageKey(error))}</Alert></div> : null}
    </>
  );
}
