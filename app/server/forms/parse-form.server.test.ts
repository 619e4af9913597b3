import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkbox, choice, expectedVersion, file, recordId, intent, intents, integer, list, optionalInteger, optionalText, rawText, requiredText } from "~/domain/forms/fields";
import { invalidForm, parseForm, type FormRefusal } from "./parse-form.server";

const FORM = "application/x-www-form-urlencoded";
const UUID = "8f2c1a3e-1111-4a5b-9c0d-123456789abc";

function post(body: BodyInit, contentType?: string): Request {
  return new Request("http://localhost/x", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });
}

const urlencoded = (fields: [string, string][]) => post(new URLSearchParams(fields).toString(), FORM);

function multipart(build: (form: FormData) => void): Request {
  const form = new FormData();
  build(form);
  return new Request("http://localhost/x", { method: "POST", body: form });
}

const refusal = (result: unknown) => result as FormRefusal;

const personSchema = z.object({ name: requiredText(200), note: optionalText(50), age: optionalInteger(0, 130), agree: checkbox });

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: intent("claim"), dossierId: recordId }),
  z.object({ intent: intents(["assign", "unassign"]), supervisorIds: list(recordId, 3), version: expectedVersion }),
]);

describe("parseForm: one schema per action, every failure a 4xx with field codes", () => {
  it("gives the schema's output for a valid form", async () => {
    const result = await parseForm(urlencoded([["name", "  Anna  "], ["age", "42"], ["agree", "on"]]), personSchema);
    expect(result).toMatchObject({ ok: true, data: { name: "Anna", age: 42, agree: true }, values: { name: "  Anna  ", age: "42" } });
  });

  it("refuses a missing required field with 422 invalid-form and field-required beside it", async () => {
    const result = refusal(await parseForm(urlencoded([["name", "   "]]), personSchema));
    expect(result).toMatchObject({ ok: false, status: 422, code: "invalid-form", fields: { name: "errors:codes.field-required" } });
  });

  it("refuses an absent field as required and a wrong one as invalid", async () => {
    const result = refusal(await parseForm(urlencoded([["age", "old"]]), personSchema));
    // A checkbox left unticked is simply false, never "required".
    expect(result.fields).toEqual({ name: "errors:codes.field-required", age: "errors:codes.field-invalid" });
  });

  it("keeps a page's own message key", async () => {
    const schema = z.object({ name: requiredText(3, { tooLong: "people:validation.tooLong" }) });
    expect(refusal(await parseForm(urlencoded([["name", "Annabel"]]), schema)).fields).toEqual({ name: "people:validation.tooLong" });
  });

  it("answers a missing or unknown intent with 400 unknown-intent", async () => {
    for (const fields of [[["dossierId", UUID]], [["intent", "delete-everything"], ["dossierId", UUID]]] as [string, string][][]) {
      expect(refusal(await parseForm(urlencoded(fields), actionSchema))).toMatchObject({ status: 400, code: "unknown-intent", fields: { intent: "errors:codes.unknown-intent" } });
    }
  });

  it("refuses an id that is not a UUID before it reaches a query", async () => {
    const result = refusal(await parseForm(urlencoded([["intent", "claim"], ["dossierId", "1; drop table"]]), actionSchema));
    expect(result).toMatchObject({ status: 422, code: "invalid-form", fields: { dossierId: "errors:codes.field-invalid" } });
  });

  it("hands repeated names over as arrays where the schema says array, and the first value elsewhere", async () => {
    const other = "00000000-0000-4000-8000-000000000000";
    const result = await parseForm(urlencoded([["intent", "assign"], ["supervisorIds", UUID], ["supervisorIds", other], ["version", "7"]]), actionSchema);
    expect(result).toMatchObject({ ok: true, data: { intent: "assign", supervisorIds: [UUID, other], version: 7 } });
    const one = await parseForm(urlencoded([["intent", "unassign"], ["supervisorIds", UUID]]), actionSchema);
    expect(one).toMatchObject({ ok: true, data: { supervisorIds: [UUID] } });
    const none = await parseForm(urlencoded([["intent", "unassign"]]), actionSchema);
    expect(none).toMatchObject({ ok: true, data: { supervisorIds: [] } });
    const twice = await parseForm(urlencoded([["name", "Anna"], ["name", "Bert"]]), personSchema);
    expect(twice).toMatchObject({ ok: true, data: { name: "Anna" } });
  });

  it("refuses more values than a list allows", async () => {
    const fields: [string, string][] = [["intent", "assign"], ...Array.from({ length: 4 }, (): [string, string] => ["supervisorIds", UUID])];
    expect(refusal(await parseForm(urlencoded(fields), actionSchema)).fields).toEqual({ supervisorIds: "errors:codes.field-invalid" });
  });

  it("keeps files as File and refuses text sent as a file", async () => {
    const schema = z.object({ video: file, label: choice(["left", "right"]) });
    const result = await parseForm(
      multipart((f) => {
        f.set("video", new File(["abc"], "clip.mp4", { type: "video/mp4" }));
        f.set("label", "left");
      }),
      schema,
    );
    expect(result.ok && result.data.video instanceof File && result.data.video.name).toBe("clip.mp4");
    const text = refusal(await parseForm(multipart((f) => f.set("video", "not a file")), schema));
    expect(text.fields).toEqual({ video: "errors:codes.field-required", label: "errors:codes.field-required" });
  });

  it("keeps unicode text as sent, counting characters for its own limit", async () => {
    const schema = z.object({ name: requiredText(5), text: rawText });
    const result = await parseForm(urlencoded([["name", "Zoë 👂"], ["text", "é\tß\r\n日本"]]), schema);
    expect(result).toMatchObject({ ok: true, data: { name: "Zoë 👂", text: "é\tß\r\n日本" } });
  });

  it("refuses control characters and unreadable bodies before the schema (readForm)", async () => {
    const caught = await parseForm(urlencoded([["name", "a\u0000b"]]), personSchema).catch((e: unknown) => e);
    expect(isRouteErrorResponse(caught) || (caught as { init?: { status?: number } }).init?.status).toBeTruthy();
    const thrown = caught as { init?: { status?: number }; data?: { code?: string } };
    expect([thrown.init?.status, thrown.data?.code]).toEqual([422, "text-control-character"]);
    const json = (await parseForm(post("{}", "application/json"), personSchema).catch((e: unknown) => e)) as typeof thrown;
    expect([json.init?.status, json.data?.code]).toEqual([415, "unsupported-media-type"]);
  });

  it("the text blocks refuse control characters by themselves, for paths that do not come through readForm", () => {
    expect(requiredText().safeParse("a\u001bb").error?.issues[0].message).toBe("text-control-character");
    expect(optionalText().safeParse("\u0007").error?.issues[0].message).toBe("text-control-character");
    expect(integer(1, 5).safeParse("6").success).toBe(false);
  });

  it("answers a refusal with its status, in the page's shape or as { code, fields }", () => {
    const refused: FormRefusal = { ok: false, status: 422, code: "invalid-form", fields: { name: "x" }, values: {} };
    const answer = invalidForm(refused) as unknown as { init: { status: number }; data: unknown };
    expect([answer.init.status, answer.data]).toEqual([422, { code: "invalid-form", fields: { name: "x" } }]);
    const shaped = invalidForm(refused, { error: "invalid-form" }) as unknown as { data: unknown };
    expect(shaped.data).toEqual({ error: "invalid-form" });
  });
});
