/**
 * Live progress of dossier exports in the browser: the `export` events of /api/live (sent to administrators only)
 * keyed by job id; when an export ends, the page's data is loaded again (its links and final state).
 */
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { apiPath } from "~/domain/api-table";
import type { ExportProgressEvent } from "~/domain/export/options";

export function useExportProgress(): Record<string, ExportProgressEvent> {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [progress, setProgress] = useState<Record<string, ExportProgressEvent>>({});
  useEffect(() => {
    const source = new EventSource(apiPath("live"));
    source.addEventListener("export", (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as ExportProgressEvent;
      setProgress((current) => ({ ...current, [event.jobId]: event }));
      if (event.status !== "running" && event.status !== "queued") void revalidate.current();
    });
    source.addEventListener("signed-out", () => source.close());
    return () => source.close();
  }, []);
  return progress;
}
