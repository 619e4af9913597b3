/**
 * Runs `task` one call at a time: a call while it runs is remembered, and the task runs once more after it for
 * all such calls together. Used where a second run started beside the first would only repeat or undo its work
 * (a page's data reload, a staged upload's write-back). A failed run is ignored; the next call runs again.
 */
export function oneAtATime(task: () => Promise<void>): { run: () => void; stop: () => void } {
  let running = false;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    task()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return { run, stop: () => (stopped = true) };
}
