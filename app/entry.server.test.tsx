/**
 * The server entry's render timeout: it must abort a render that is still streaming after `streamTimeout`, and it
 * must not outlive a finished response. A timer left pending keeps the whole render (tree and data) reachable for
 * six seconds; under load that held hundreds of finished pages on the heap (peak RSS 550 → 380 MiB once cleared,
 * docs/performance.md). React itself streams for real here; only React Router's `ServerRouter` is replaced by a
 * page of our own, since a router context needs a whole build.
 */
import { Suspense, use } from "react";
import { type AppLoadContext, type EntryContext, UNSAFE_ErrorResponseImpl } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

let page: () => React.ReactNode = () => <p>a page</p>;
vi.mock("react-router", async (importOriginal) => ({ ...(await importOriginal<typeof import("react-router")>()), ServerRouter: () => page() }));

const { default: handleRequest, handleError, streamTimeout } = await import("./entry.server");
const { logger } = await import("./server/logger.server");

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const loadContext = { nonce: "n0nce", publicConfig: {}, log: { error: vi.fn() } } as unknown as AppLoadContext;
const render = () =>
  handleRequest(new Request("http://casus.test/en", { headers: { "user-agent": DESKTOP } }), 200, new Headers(), { isSpaMode: false } as EntryContext, loadContext);
const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

afterEach(() => {
  page = () => <p>a page</p>;
  vi.useRealTimers();
});

describe("the server entry's render timeout", () => {
  it("is cleared once the page has been sent", async () => {
    const before = pendingTimers();
    for (let i = 0; i < 20; i++) {
      const response = await render();
      expect(await response.text()).toContain("a page");
    }
    // Twenty finished pages, no timer left behind for any of them.
    expect(pendingTimers()).toBe(before);
  });

  it("is cleared when the shell fails to render", async () => {
    const before = pendingTimers();
    page = () => {
      throw new Error("the shell fails");
    };
    await expect(render()).rejects.toThrow("the shell fails");
    expect(pendingTimers()).toBe(before);
  });

  it("still aborts a page that streams for too long", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const never = new Promise<string>(() => undefined);
    function Slow() {
      return <p>{use(never)}</p>;
    }
    page = () => (
      <Suspense fallback={<p>loading</p>}>
        <Slow />
      </Suspense>
    );
    const response = await render();
    const text = response.text();
    vi.advanceTimersByTime(streamTimeout + 1000);
    // The abort ends the stream: the shell with its fallback arrives, the slow part is given up on the client.
    expect(await text).toContain("loading");
  });
});

/** Reads a response body chunk by chunk, as the Express adapter does. */
async function chunksOf(response: Response, onChunk: (text: string) => void = () => undefined) {
  const chunks: string[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(decoder.decode(next.value));
    onChunk(chunks.at(-1)!);
  }
  return chunks;
}

describe("the page's body", () => {
  it("is written in one chunk, not in React's small views", async () => {
    const rows = Array.from({ length: 800 }, (_, i) => `row ${i} of a long list`);
    page = () => (
      <ul>
        {rows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    );
    const chunks = await chunksOf(await render());
    const html = chunks.join("");
    expect(html.length).toBeGreaterThan(20_000);
    expect(html).toContain("row 799 of a long list");
    // React writes this page as several views of 2–4 KB; each used to travel on its own through the web stream, the
    // response and a system call.
    expect(chunks.length).toBe(1);
  });

  it("still streams: a part that resolves later arrives after the rest has been sent", async () => {
    let resolveSlow!: (text: string) => void;
    const slow = new Promise<string>((resolve) => (resolveSlow = resolve));
    function Slow() {
      return <p>{use(slow)}</p>;
    }
    // A whole document: without its <html> React holds the shell back, since the boundary might still bring one.
    page = () => (
      <html lang="en">
        <body>
          <p>at once</p>
          <Suspense fallback={<p>loading</p>}>
            <Slow />
          </Suspense>
        </body>
      </html>
    );
    const chunks = await chunksOf(await render(), (text) => {
      // Only once the shell has reached the reader does the slow part resolve.
      if (text.includes("at once")) resolveSlow("later");
    });
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks[0]).toContain("loading");
    expect(chunks[0]).not.toContain("later");
    expect(chunks.slice(1).join("")).toContain("later");
  });
});

describe("the server's error log", () => {
  const args = () => ({ request: new Request("http://casus.test/admin", { method: "POST" }), params: {}, context: {} }) as unknown as Parameters<typeof handleError>[1];

  it("does not call React Router's own refusal of a request an unhandled error (a POST to a page without an action)", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      // What React Router hands handleError for `POST /admin`, which anyone could send as often as they like.
      const error = new UNSAFE_ErrorResponseImpl(405, "Method Not Allowed", new Error('You made a POST request to "/admin" but did not provide an `action` for route "admin"'), true);
      handleError(error, args());
      expect(logged).not.toHaveBeenCalled();
      // A real failure still is, and so is an internal 500.
      handleError(new Error("database down"), args());
      handleError(new UNSAFE_ErrorResponseImpl(500, "Internal Server Error", new Error("boom"), true), args());
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      logged.mockRestore();
    }
  });
});
