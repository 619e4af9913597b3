import { describe, expect, it } from "vitest";
import { oneAtATime } from "./one-at-a-time";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("oneAtATime", () => {
  it("never runs the task beside itself; calls while it runs cause exactly one more run", async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    let running = 0;
    let most = 0;
    const task = oneAtATime(() => {
      running += 1;
      most = Math.max(most, running);
      const run = deferred();
      runs.push(run);
      return run.promise.finally(() => (running -= 1));
    });
    task.run();
    task.run();
    task.run();
    task.run();
    expect(runs).toHaveLength(1);
    runs[0].resolve();
    await turn();
    expect(runs).toHaveLength(2);
    runs[1].resolve();
    await turn();
    expect(runs).toHaveLength(2);
    expect(most).toBe(1);
  });

  it("runs again after a failed run", async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    const task = oneAtATime(() => {
      const run = deferred();
      runs.push(run);
      return run.promise;
    });
    task.run();
    runs[0].reject(new Error("disk gone"));
    await turn();
    task.run();
    expect(runs).toHaveLength(2);
  });

  it("runs nothing more once stopped, not even a run asked for meanwhile", async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    const task = oneAtATime(() => {
      const run = deferred();
      runs.push(run);
      return run.promise;
    });
    task.run();
    task.run();
    task.stop();
    runs[0].resolve();
    await turn();
    task.run();
    expect(runs).toHaveLength(1);
  });
});
