import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { apiPath } from "~/domain/api-table";
import { errorMessageKey } from "~/domain/errors";
import type { ExportOptions, ExportProgressEvent, ExportStatus } from "~/domain/export/options";
import { dateTimeFormat } from "~/lib/format-date";

export interface ExportJobRow {
  id: string;
  status: ExportStatus;
  options: ExportOptions;
  total: number;
  processed: number;
  bytes: number | null;
  error: string | null;
  createdAt: string;
  expiresAt: string | null;
  actorName: string;
}

const STATUS_TONE: Record<ExportStatus, string> = {
  queued: "bg-slate-100 text-slate-800",
  running: "bg-sky-100 text-sky-900",
  completed: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-amber-100 text-amber-900",
  expired: "bg-slate-100 text-slate-700",
};

/** The recent exports as cards (they fit a phone), each with live progress, its files and a cancel button. */
/** Why a failed export failed, in words: a restart, its starter's lost right (errors map), or anything else. */
function failureKey(error: string | null) {
  if (error === "interrupted") return "export:jobs.interrupted";
  if (error === "export/starter-lost-permission") return errorMessageKey(error);
  return "export:jobs.failed";
}

export function ExportJobList({ jobs, progress }: { jobs: ExportJobRow[]; progress: Record<string, ExportProgressEvent> }) {
  const { t, i18n } = useTranslation(["export"]);
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  if (jobs.length === 0) return <p className="text-slate-600">{t("export:jobs.none")}</p>;
  return (
    <ul className="grid gap-3">
      {jobs.map((job) => {
        const live = progress[job.id];
        // A live event newer than the page's data wins while the job runs.
        const status: ExportStatus = live && (job.status === "running" || job.status === "queued") ? live.status : job.status;
        const processed = live && status === "running" ? live.processed : job.processed;
        const total = live?.total || job.total;
        return (
          <li key={job.id} data-testid="export-job" data-status={status} className="rounded-md border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-700">
                {format.format(new Date(job.createdAt))} · {job.actorName}
              </p>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status]}`}>{t(`export:jobs.statuses.${status}`)}</span>
            </div>
            <p className="mt-1 text-sm text-slate-900">
              {t(`export:options.formats.${job.options.format}`)}
              {job.options.pseudonymise ? ` · ${t("export:jobs.pseudonymisedFor", { recipient: job.options.pseudonymise.recipient })}` : ""}
            </p>
            {status === "running" || status === "queued" ? (
              <div className="mt-2">
                <progress className="h-3 w-full" value={processed} max={Math.max(total, 1)} aria-label={t("export:jobs.progress")} />
                <p className="text-xs text-slate-600">{t("export:jobs.progressValue", { processed, total })}</p>
              </div>
            ) : (
              <p className="mt-1 text-xs text-slate-600">{t("export:jobs.count", { count: job.processed })}</p>
            )}
            {status === "failed" ? <p className="mt-1 text-sm text-red-700">{t(failureKey(job.error))}</p> : null}
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {status === "completed" ? (
                <>
                  <a href={apiPath("exportFile", { id: job.id })} download className="inline-flex min-h-11 items-center rounded-md bg-sky-800 px-4 text-sm font-medium text-white hover:bg-sky-900">
                    {t("export:jobs.download")}
                  </a>
                  <a href={apiPath("exportManifest", { id: job.id })} download className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-900 hover:bg-slate-100">
                    {t("export:jobs.manifest")}
                  </a>
                  {job.expiresAt ? <span className="text-xs text-slate-600">{t("export:jobs.expires", { date: format.format(new Date(job.expiresAt)) })}</span> : null}
                </>
              ) : null}
              {status === "running" || status === "queued" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="jobId" value={job.id} />
                  <Button type="submit" variant="secondary" className="min-h-11">
                    {t("export:jobs.cancel")}
                  </Button>
                </Form>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
