/**
 * Sign-out that leaves nothing clinical behind on the device (app/lib/device/clinical-copies.ts): with JavaScript,
 * it first looks for draft copies and uploads the server does not have yet; if there are any, it says what would
 * be lost and asks, and on "sign out anyway" clears them and signs out. Without JavaScript the form posts as is
 * (the next user to sign in on the device finds the copies cleared).
 */
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { clearClinicalCopies, unsentCopies, type UnsentCopies } from "~/lib/device/clinical-copies";
import { useLocale } from "~/lib/use-locale";

export function SignOutButton() {
  const { t } = useTranslation("common");
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [unsent, setUnsent] = useState<UnsentCopies | null>(null);

  const signOut = async () => {
    await clearClinicalCopies();
    form.current?.submit();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = await unsentCopies();
    if (found.drafts + found.uploads === 0) return void (await signOut());
    setUnsent(found);
    dialog.current?.showModal();
  };

  return (
    <>
      <Form method="post" action="/sign-out" reloadDocument ref={form} onSubmit={(event) => void onSubmit(event)}>
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className="min-h-11 rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-100">
          {t("signOut")}
        </button>
      </Form>
      <dialog
        ref={dialog}
        aria-labelledby="sign-out-unsent-title"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-300 p-5 text-left shadow-xl backdrop:bg-slate-900/40"
        data-testid="sign-out-unsent"
        onClose={() => setUnsent(null)}
      >
        <h2 id="sign-out-unsent-title" className="text-lg font-semibold">
          {t("signOutUnsent.title")}
        </h2>
        {unsent ? (
          <ul className="mt-2 list-disc pl-5 text-slate-700">
            {unsent.drafts ? <li>{t("signOutUnsent.drafts", { count: unsent.drafts })}</li> : null}
            {unsent.uploads ? <li>{t("signOutUnsent.uploads", { count: unsent.uploads })}</li> : null}
          </ul>
        ) : null}
        <p className="mt-2 text-slate-700">{t("signOutUnsent.explain")}</p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" className="min-h-11 rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-100" onClick={() => dialog.current?.close()}>
            {t("signOutUnsent.stay")}
          </button>
          <button type="button" className="min-h-11 rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800" onClick={() => void signOut()}>
            {t("signOutUnsent.anyway")}
          </button>
        </div>
      </dialog>
    </>
  );
}
