/** The conversation between the professional and the supervisors; the form posts intent "message". */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/lib/format-date";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { errorMessageKey, type ErrorCode } from "~/domain/errors";
import { fieldIdOf } from "~/domain/dossier/form";

/** The refused item of a message with no text (the server's `missing`), worded in dossier:fieldErrors. */
const BLANK = "thread-message";

export interface ThreadMessage {
  id: string;
  body: string;
  at: string | Date;
  authorId: string;
  authorName: string;
}

export function MessageThread({ messages, userId, canWrite, missing }: { messages: ThreadMessage[]; userId: string; canWrite: boolean; missing?: readonly string[] }) {
  const { t, i18n } = useTranslation(["dossier", "errors"]);
  const fetcher = useFetcher<{ ok?: boolean; error?: ErrorCode; missing?: string[] }>();
  // Only spaces: said beside the field, sent from this form (with JavaScript) or from the page (without).
  const blank = (fetcher.data?.missing ?? missing ?? []).includes(BLANK);
  const form = useRef<HTMLFormElement>(null);
  const format = dateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <section aria-labelledby="thread-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="thread-title" className="text-lg font-semibold">
        {t("dossier:sections.thread")}
      </h2>
      {messages.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t("dossier:thread.empty")}</p> : null}
      <ol className="mt-2 flex flex-col gap-2" data-testid="thread">
        {messages.map((m) => (
          <li key={m.id} className={`rounded-md p-3 text-sm ${m.authorId === userId ? "bg-sky-50" : "bg-slate-50"}`}>
            <p className="text-xs text-slate-600">
              {m.authorName} · {format.format(new Date(m.at))}
            </p>
            <p className="whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <fetcher.Form ref={form} method="post" className="mt-3 flex flex-col gap-2">
          <input type="hidden" name="intent" value="message" />
          <label htmlFor="message-body" className="text-sm font-medium">
            {t("dossier:thread.label")}
          </label>
          <div id={fieldIdOf(BLANK)} className="flex flex-col gap-1">
            <textarea
              id="message-body"
              name="body"
              rows={3}
              required
              aria-invalid={blank || undefined}
              aria-describedby={blank ? `${fieldIdOf(BLANK)}-error` : undefined}
              className="rounded-md border border-slate-300 px-3 py-2 text-base"
            />
            {blank ? (
              <p id={`${fieldIdOf(BLANK)}-error`} className="text-sm font-medium text-red-700" data-testid="field-error">
                {t(`dossier:fieldErrors.${BLANK}`)}
              </p>
            ) : null}
          </div>
          {fetcher.data?.error && !blank ? <Alert tone="error">{t(errorMessageKey(fetcher.data.error))}</Alert> : null}
          <div>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {t("dossier:thread.send")}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
