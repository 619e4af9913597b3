/**
 * Live dossier updates in the browser: one EventSource on /api/live (the server authorises and filters every
 * event), and the page's loaders revalidate shortly after a matching event. EventSource reconnects by itself and
 * sends Last-Event-ID, so the server replays what was missed; a `reset` or a fresh `ready` revalidates everything.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import type { LiveEvent as LiveDossierEvent } from "~/domain/dossier/live-event";
import { oneAtATime } from "~/lib/one-at-a-time";

/** Events arriving together cause one reload of the data. */
const REVALIDATE_DELAY_MS = 150;

export function useLiveDossiers(accept?: (event: LiveDossierEvent) => boolean): "connecting" | "connected" {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // A navigation under way (a form's submission and the reload after it): a revalidation now would restart it
  // without the action's answer, and a refused form's messages would never show. The reload waits for it to end.
  const navigating = useRef(false);
  navigating.current = useNavigation().state !== "idle";
  const filter = useRef(accept);
  filter.current = accept;
  const [state, setState] = useState<"connecting" | "connected">("connecting");
  useEffect(() => {
    const source = new EventSource("/api/live");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let readyBefore = false;
    // One reload at a time: a second revalidation started while the first still loads would abort it, its answer
    // thrown away, and React Router lets the aborted load's rejection go unhandled ("signal is aborted without
    // reason").
    const reloads = oneAtATime(() => revalidate.current());
    const reloadWhenIdle = () => {
      if (navigating.current) timer = setTimeout(reloadWhenIdle, REVALIDATE_DELAY_MS);
      else reloads.run();
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(reloadWhenIdle, REVALIDATE_DELAY_MS);
    };
    source.addEventListener("ready", () => {
      setState("connected");
      // A second `ready` means a reconnect without a known last id: something may have been missed.
      if (readyBefore) schedule();
      readyBefore = true;
    });
    source.addEventListener("dossier", (message) => {
      setState("connected");
      const event = JSON.parse((message as MessageEvent<string>).data) as LiveDossierEvent;
      if (!filter.current || filter.current(event)) schedule();
    });
    source.addEventListener("reset", schedule);
    source.addEventListener("signed-out", () => source.close());
    source.addEventListener("error", () => setState("connecting"));
    return () => {
      clearTimeout(timer);
      reloads.stop();
      source.close();
    };
  }, []);
  return state;
}
