import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";

describe("the embedded database", () => {
  let handle: DatabaseHandle | undefined;
  afterAll(() => handle?.close());

  it("keeps PGlite's shared buffers small, so an idle server stays small (issue 13: idle RSS under 300 MB)", async () => {
    handle = await openDatabase({});
    const { rows } = await handle.pglite!.query<{ bytes: string }>("select setting::bigint * 8192 as bytes from pg_settings where name = 'shared_buffers'");
    // PGlite's own default is about 160 MB; its pages are 8 kB in the setting's unit.
    expect(Number(rows[0].bytes)).toBeLessThanOrEqual(24 * 1024 * 1024);
    // A new PGlite runs initdb in WebAssembly: 5 s alone here, over 20 s beside a busy suite.
  }, 60_000);
});
