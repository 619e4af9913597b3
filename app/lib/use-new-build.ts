/**
 * Polls /api/version; true once the server runs a build other than the one this page was loaded from.
 */
import { useEffect, useState } from "react";
import { usePublicConfig } from "./public-config";

export function useNewBuildAvailable(): boolean {
  const { buildId, versionPollMs } = usePublicConfig();
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (available) return;
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        // The client is loaded with the first poll, not with the page: every page carries this hook (sign-in's budget).
        const { http } = await import("./http");
        const { buildId: deployed } = await http<{ buildId: string }>("/api/version", { cache: "no-store" });
        if (!stopped && deployed && deployed !== buildId) setAvailable(true);
      } catch {
        // Offline or restarting: ask again at the next tick.
      }
    };
    const timer = window.setInterval(check, versionPollMs);
    document.addEventListener("visibilitychange", check);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [available, buildId, versionPollMs]);
  return available;
}
