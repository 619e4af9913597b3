/**
 * Autosave of a dossier form: every change is kept at once in localStorage (nothing is lost on reload or when
 * offline) and sent shortly after typing stops, with the version the editor started from. The server refuses a
 * save based on an older version (`dossier/version-conflict`): the input stays on the page and in the browser,
 * and the user chooses to overwrite or to discard theirs. A save that finds the server unreachable (the route's
 * clientAction turns it into `network-request-failed`) leaves the state "offline" and is sent again as soon as the
 * online status says the server answers. Without JavaScript the form's own save button works.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { RefusedValueMessage } from "~/domain/dossier/form";
import { onlineStatus } from "./online-status";

const DEBOUNCE_MS = 1000;
/** Draft copies are kept under this prefix (app/lib/device/clinical-copies.ts clears them on sign-out). */
export const DRAFT_STORAGE_PREFIX = "casus.dossier-draft.";

interface Snapshot {
  version: number;
  entries: [string, string][];
  at: number;
  /** The tab that wrote it (localStorage is shared by every tab of the site). */
  tab?: string;
}

/**
 * Another tab's copy younger than this belongs to a tab that may still be open and saving it itself: it is not
 * taken over (a second tab opening the same dossier would otherwise send the first tab's input as its own).
 */
const FOREIGN_SNAPSHOT_AGE_MS = 60_000;

/** This tab's id: kept in sessionStorage, so it survives a reload of the tab but is not shared with other tabs. */
function tabId(): string {
  try {
    let id = sessionStorage.getItem("casus.tab-id");
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem("casus.tab-id", id);
    }
    return id;
  } catch {
    return "unknown";
  }
}

/** Whether an unsent copy found at page load should come back into this tab's form. */
export function shouldRestore(snapshot: Pick<Snapshot, "tab" | "at">, tab: string, now: number): boolean {
  return snapshot.tab === undefined || snapshot.tab === tab || now - snapshot.at > FOREIGN_SNAPSHOT_AGE_MS;
}

export type AutosaveState = "idle" | "pending" | "saving" | "saved" | "conflict" | "error" | "refused" | "restored" | "offline";

interface SaveResult {
  ok?: boolean;
  version?: number;
  error?: string;
  currentVersion?: number;
  /** A refusal's fields (action-result.server.ts). */
  fields?: string[];
  /** What is wrong with each refused field's value (refusedValuesOf). */
  refusedValues?: Record<string, RefusedValueMessage>;
}

function entriesOf(form: HTMLFormElement): [string, string][] {
  return [...new FormData(form).entries()].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "version" && e[0] !== "intent");
}

function restoreInto(form: HTMLFormElement, entries: [string, string][]) {
  const names = new Set(entries.map(([n]) => n));
  for (const element of [...form.elements] as HTMLInputElement[]) {
    if (!element.name || !names.has(element.name) || element.type === "hidden") continue;
    const values = entries.filter(([n]) => n === element.name).map(([, v]) => v);
    if (element.type === "checkbox" || element.type === "radio") element.checked = values.includes(element.value);
    else element.value = values[0] ?? "";
  }
}

function read(key: string): Snapshot | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Snapshot) : null;
  } catch {
    return null;
  }
}

export function useAutosave(form: RefObject<HTMLFormElement | null>, options: { dossierId: string; version: number; intent: string }) {
  const fetcher = useFetcher<SaveResult>({ key: `autosave-${options.dossierId}-${options.intent}` });
  const key = `${DRAFT_STORAGE_PREFIX}${options.dossierId}.${options.intent}`;
  const [version, setVersion] = useState(options.version);
  const [state, setState] = useState<AutosaveState>("idle");
  const [serverVersion, setServerVersion] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const versionRef = useRef(version);
  versionRef.current = version;
  const sentAt = useRef(0);
  // The autosave result the form's own button has since answered for (see cancelPending).
  const [superseded, setSuperseded] = useState<SaveResult | undefined>(undefined);

  const send = useCallback(
    (baseVersion = versionRef.current) => {
      const element = form.current;
      if (!element) return;
      const data = new FormData(element);
      data.set("intent", options.intent);
      data.set("version", String(baseVersion));
      sentAt.current = Date.now();
      setState("saving");
      // The fetcher reports its outcome through its own state, which this hook watches.
      void fetcher.submit(data, { method: "post" });
    },
    [fetcher, form, options.intent],
  );

  const onChange = useCallback(() => {
    const element = form.current;
    if (!element) return;
    try {
      localStorage.setItem(key, JSON.stringify({ version: versionRef.current, entries: entriesOf(element), at: Date.now(), tab: tabId() } satisfies Snapshot));
    } catch {
      // Storage full or blocked: the server copy is still saved below.
    }
    if (state === "conflict") return;
    setState("pending");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(), DEBOUNCE_MS);
  }, [form, key, send, state]);

  // An unsent copy from an earlier visit comes back into the form and is sent from the version it was based on.
  useEffect(() => {
    const snapshot = read(key);
    if (!snapshot || !form.current || !shouldRestore(snapshot, tabId(), Date.now())) return;
    restoreInto(form.current, snapshot.entries);
    setVersion(snapshot.version);
    versionRef.current = snapshot.version;
    setState("restored");
    send(snapshot.version);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok && result.version) {
      setVersion(result.version);
      setState("saved");
      const snapshot = read(key);
      if (snapshot && snapshot.at <= sentAt.current) localStorage.removeItem(key);
      else if (snapshot) localStorage.setItem(key, JSON.stringify({ ...snapshot, version: result.version }));
    } else if (result.error === "network-request-failed") {
      // Kept in this browser (above); sent again when the server answers (below).
      setState("offline");
    } else if (result.error === "dossier/version-conflict") {
      setState("conflict");
      setServerVersion(result.currentVersion ?? null);
    } else if (result.error) {
      // A value the server would not take: its field is marked (refusedItems), and the status says so.
      setState(result.fields?.length ? "refused" : "error");
    }
  }, [fetcher.state, fetcher.data, key]);

  // Back online: what could not be sent goes now.
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(
    () =>
      onlineStatus()?.subscribe((online) => {
        if (online && stateRef.current === "offline") send();
      }),
    [send],
  );

  return {
    state,
    version,
    /** While an autosave is in flight the form's own buttons wait, so a submit never races the page's own save. */
    busy: state === "saving",
    /** The form is being sent by its own button: that send carries everything, so a pending autosave is dropped. */
    cancelPending: () => {
      clearTimeout(timer.current);
      // Its send also answers for the last autosave: a refusal of that one no longer marks a field the user may have
      // put right since (the button's own refusal, if any, marks what is still wrong).
      setSuperseded(fetcher.data);
      if (state === "refused" || state === "error") setState("idle");
    },
    error: fetcher.data === superseded ? undefined : fetcher.data?.error,
    /** The fields of the last save's refusal, as items their fields show errors for; none once a save succeeds. */
    refusedItems: fetcher.data && fetcher.data !== superseded && !fetcher.data.ok ? fetcher.data.fields : undefined,
    /** What is wrong with each of those fields' values, for the message beside it. */
    refusedValues: fetcher.data && fetcher.data !== superseded && !fetcher.data.ok ? fetcher.data.refusedValues : undefined,
    onChange,
    /** After a version conflict: save this input over the other change, knowingly. */
    overwrite: () => {
      if (serverVersion !== null) {
        setVersion(serverVersion);
        send(serverVersion);
      }
    },
    /** After a version conflict: drop this input and load the stored dossier. */
    discard: () => {
      localStorage.removeItem(key);
      window.location.reload();
    },
    /** A normal form submit (save/submit) succeeded with this version. */
    adopt: (next: number) => {
      setVersion(next);
      localStorage.removeItem(key);
    },
  };
}
