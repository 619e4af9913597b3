/** The console.error recorder behind tests/support/vitest-setup.ts (state on globalThis: one per test process). */
import { format } from "node:util";

const STATE = Symbol.for("casus.test.consoleErrors");
type Holder = { [STATE]?: { messages: string[]; original: typeof console.error } };

export function installConsoleErrorRecorder(): void {
  const holder = globalThis as Holder;
  if (holder[STATE]) return;
  const state = { messages: [] as string[], original: console.error };
  holder[STATE] = state;
  console.error = (...args: unknown[]) => {
    state.messages.push(format(...args));
    state.original(...args);
  };
}

/** The console.error messages recorded since the last call, removing them (so they do not fail the test). */
export function takeConsoleErrors(): string[] {
  const state = (globalThis as Holder)[STATE];
  if (!state) return [];
  return state.messages.splice(0);
}

/** Throws (failing the current test) when console.error was called since the last check. */
export function assertNoConsoleErrors(when: string): void {
  const errors = takeConsoleErrors();
  if (errors.length === 0) return;
  throw new Error(`console.error was called ${when} (${errors.length}×):\n${errors.map((e) => `  - ${e}`).join("\n")}`);
}
