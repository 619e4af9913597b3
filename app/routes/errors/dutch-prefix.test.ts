import { describe, expect, it } from "vitest";
import { loader } from "./dutch-prefix";

async function locationFor(path: string): Promise<{ status: number; location: string | null }> {
  try {
    await loader({ request: new Request(`http://localhost:3999${path}`), params: {}, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
  throw new Error("expected a redirect");
}

describe("/nl/… redirects to the unprefixed Dutch address", () => {
  it.each([
    ["/nl", "/"],
    ["/nl/", "/"],
    ["/nl/admin", "/admin"],
    ["/nl/admin/organisaties?page=2", "/admin/organisaties?page=2"],
  ])("%s → %s (permanently)", async (from, to) => {
    expect(await locationFor(from)).toEqual({ status: 301, location: to });
  });

  it.each(["/nl//evil.example", "/nl///evil.example/x", "/nl/\\evil.example", "/nl//evil.example?x=1"])(
    "never redirects %j off the site",
    async (from) => {
      const { location } = await locationFor(from);
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location!, "http://localhost:3999").origin).toBe("http://localhost:3999");
    },
  );
});
