import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { readForm } from "./read-form.server";

const FORM = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, contentType?: string, extra: Record<string, string> = {}): Request {
  return new Request("http://localhost/x", { method: "POST", body, headers: { ...(contentType ? { "content-type": contentType } : {}), ...extra } });
}

async function refusal(request: Request, options = {}): Promise<[number, string]> {
  try {
    await readForm(request, options);
  } catch (error) {
    const thrown = error as { init?: { status?: number }; data?: { code?: string } };
    if (isRouteErrorResponse(error)) return [error.status, (error.data as { code: string }).code];
    return [thrown.init?.status ?? 0, thrown.data?.code ?? String(error)];
  }
  return [200, "read"];
}

describe("readForm: one way to read a page action's body", () => {
  it.each([
    ["no content type", post("a=1"), 415, "unsupported-media-type"],
    ["JSON", post('{"a":1}', "application/json"), 415, "unsupported-media-type"],
    ["text", post("a=1", "text/plain"), 415, "unsupported-media-type"],
    ["multipart without boundary", post("x", "multipart/form-data"), 400, "malformed-body"],
    ["truncated multipart", post('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx', "multipart/form-data; boundary=b"), 400, "malformed-body"],
    ["NUL", post("name=a%00b", FORM), 422, "text-control-character"],
    ["escape", post("name=%1b[31m", FORM), 422, "text-control-character"],
    ["DEL", post("name=%7f", FORM), 422, "text-control-character"],
    ["declared too large", post("a=1", FORM, { "content-length": String(11 * 1024 * 1024) }), 413, "payload-too-large"],
  ])("%s → %i %s", async (_name, request, status, code) => {
    expect(await refusal(request)).toEqual([status, code]);
  });

  it("counts the bytes it reads, whatever the request declares", async () => {
    expect(await refusal(post(`a=${"x".repeat(2000)}`, FORM), { maxBytes: 1000 })).toEqual([413, "payload-too-large"]);
  });

  it("reads forms, keeping tabs and line breaks of a textarea", async () => {
    const form = await readForm(post("name=Anna&text=a%09b%0D%0Ac", FORM));
    expect(Object.fromEntries(form)).toEqual({ name: "Anna", text: "a\tb\r\nc" });
    const multipart = await readForm(post('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--\r\n', "multipart/form-data; boundary=b"));
    expect(multipart.get("a")).toBe("x");
    expect([...(await readForm(post("", FORM))).keys()]).toEqual([]);
  });
});
