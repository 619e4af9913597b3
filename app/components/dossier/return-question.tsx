/**
 * The open question of a returned dossier, for its professional, right under the page's title: on a phone the
 * thread where the question was written lies screens below the media, and a returned dossier waits on this answer.
 * Who asked and when, the question itself, what to do, and a link to the thread's answer field.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LINK } from "~/components/ui/targets";
import { dateTimeFormat } from "~/lib/format-date";

export interface ReturnQuestionView {
  body: string;
  /** ISO time the dossier was returned with it. */
  at: string;
  authorName: string;
}

/** The thread's message field (message-thread.tsx): where an answer is written. */
const ANSWER_FIELD_ID = "message-body";

/** `children`: more links for what to do (the owner's edit links), beside the answer's. */
export function ReturnQuestion({ question, children }: { question: ReturnQuestionView; children?: ReactNode }) {
  const { t, i18n } = useTranslation("dossier");
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="return-question-title" className="mb-4 rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 text-amber-950" data-testid="return-question">
      <h2 id="return-question-title" className="text-base font-semibold">
        {t("returnQuestion.title")}
      </h2>
      <p className="mt-1 text-sm text-amber-900">{t("returnQuestion.asked", { name: question.authorName, at: format.format(new Date(question.at)) })}</p>
      {/* Long words and addresses wrap: the page fits 320 px. */}
      <blockquote className="mt-2 border-l-2 border-amber-300 pl-3 text-base whitespace-pre-wrap [overflow-wrap:anywhere]">{question.body}</blockquote>
      <p className="mt-2 text-sm">{t("returnQuestion.next")}</p>
      <div className="mt-1 flex flex-wrap gap-x-4 text-sm">
        <a
          className={LINK}
          href={`#${ANSWER_FIELD_ID}`}
          onClick={(event) => {
            // With JavaScript the field also takes the focus, so a phone opens its keyboard to answer; without, the
            // link still jumps to it.
            const field = document.getElementById(ANSWER_FIELD_ID);
            if (!field) return;
            event.preventDefault();
            field.focus();
            field.scrollIntoView({ block: "center" });
          }}
        >
          {t("returnQuestion.answer")}
        </a>
        {children}
      </div>
    </section>
  );
}
