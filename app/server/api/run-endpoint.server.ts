/**
 * The one wrapper every API endpoint runs in (issue 12), in this order, each step able to refuse:
 *   same origin (state-changing methods) → app check → actor and guard → path parameters → body → handler.
 * Who is asking is decided before a byte of the body is read, so a stranger cannot make the server parse 16 MB.
 * Every refusal and every failure is answered by sendApiError in the endpoint's dialect: a 4xx with a code, or
 * a logged 500 `{ code: "internal" }` — never a stack.
 */
import type { Request, Response } from "express";
import compression from "compression";
import type { z } from "zod";
import { can } from "~/domain/access/permissions";
import { UNSAFE_API_METHODS, type ApiCacheRule, type ApiDialect, type ApiEndpointDeclaration, type ApiMethod } from "~/domain/api-table";
import { JSON_BODY_MAX_DEPTH, TRANSLATION_CACHE_MS } from "~/domain/constants";
import { AppError, ERROR_CODES, type ErrorCode } from "~/domain/errors";
import { LONE_SURROGATE, TEXT_CONTROL_CHARACTER } from "~/domain/limits";
import { mustEnrolSecondFactor } from "~/domain/mfa-policy";
import { StorageError } from "~/domain/storage-errors";
import { requestActor } from "../access/request-actor.server";
import { config } from "../config.server";
import { sendApiError } from "../http/api-error.server";
import { isSameOrigin } from "../http/same-origin.server";
import { requireAppCheck } from "../media/app-check.server";
import type { ApiEndpointSpec } from "./api-endpoint.server";
import { BodyReadError, readBody } from "./read-body.server";

const CACHE_CONTROL: Record<ApiCacheRule, string> = {
  "no-store": "no-store",
  "no-cache": "no-cache",
  "private-immutable": "private, max-age=31536000, immutable",
  "public-translations": `public, max-age=${TRANSLATION_CACHE_MS / 1000}`,
};

type Refusal = "unauthenticated" | "enrolment-required" | "not-found" | "too-large" | "malformed-body" | "unsupported-media-type";

/** The wrapper's own refusals, worded in the endpoint's dialect. */
function refusal(dialect: ApiDialect, kind: Refusal, details: { maxBytes?: number; field?: string } = {}): AppError {
  if (dialect === "storage") {
    switch (kind) {
      case "unauthenticated":
      case "enrolment-required":
        return new StorageError("storage/unauthenticated");
      case "not-found":
        return new StorageError("storage/object-not-found");
      case "too-large":
        return new StorageError("storage/invalid-argument", { field: "size", reason: "too-large", maxBytes: details.maxBytes });
      case "malformed-body":
      case "unsupported-media-type":
        return new StorageError("storage/invalid-argument", { reason: "unreadable" });
    }
  }
  const code: Record<Refusal, ErrorCode> = {
    unauthenticated: "unauthenticated",
    "enrolment-required": "second-factor-enrolment-required",
    "not-found": "not-found",
    "too-large": "payload-too-large",
    "malformed-body": "malformed-body",
    "unsupported-media-type": "unsupported-media-type",
  };
  return new AppError(code[kind], details.field ? { field: details.field } : {});
}

function firstField(error: z.ZodError): string | undefined {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.map(String).join(".") : undefined;
}

/** A schema's refusal: its own error code where the field block names one (text rules), else invalid-argument. */
function schemaRefusal(error: z.ZodError): AppError {
  const message = error.issues[0]?.message;
  const code: ErrorCode = message && (ERROR_CODES as readonly string[]).includes(message) && message !== "field-invalid" && message !== "field-required" ? (message as ErrorCode) : "invalid-argument";
  return new AppError(code, { field: firstField(error) });
}

/**
 * What a parsed JSON body holds that no field of ours takes, or null. Walked without recursion: a body nested a few
 * thousand deep overflowed the stack of the recursive walk this replaces (a 500).
 * - nesting past JSON_BODY_MAX_DEPTH, or a string or key with a lone surrogate (LONE_SURROGATE): no body of ours
 *   is either, and PostgreSQL refuses both when the value is stored as JSON (a 500 saving an export's options).
 *   The body is malformed;
 * - a control character (tab and line breaks excepted), as forms refuse: the database cannot store NUL at all,
 *   and no field of ours wants the others.
 */
function jsonBodyProblem(json: unknown): "malformed-body" | "text-control-character" | null {
  const pending: { value: unknown; depth: number }[] = [{ value: json, depth: 0 }];
  let control = false;
  // A lone surrogate ends the walk (the body is malformed); a control character is answered once it is over.
  const isMalformedText = (text: string) => {
    control ||= TEXT_CONTROL_CHARACTER.test(text);
    return LONE_SURROGATE.test(text);
  };
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === "string") {
      if (isMalformedText(value)) return "malformed-body";
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= JSON_BODY_MAX_DEPTH) return "malformed-body";
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (isMalformedText(key)) return "malformed-body";
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return control ? "text-control-character" : null;
}

const compress = compression();

export function runEndpoint(declaration: ApiEndpointDeclaration, spec: ApiEndpointSpec<unknown, unknown, never>, trustedOrigins: readonly string[]) {
  const { dialect } = declaration;
  const guarded = declaration.guard !== "public" && declaration.guard !== "signed-url";
  return async (req: Request, res: Response): Promise<void> => {
    const fail = (error: unknown) => sendApiError(req, res, error, spec.refusalHeaders);
    try {
      if (UNSAFE_API_METHODS.includes(req.method as ApiMethod) && !isSameOrigin(req, trustedOrigins)) {
        req.log?.warn({ origin: req.get("origin"), site: req.get("sec-fetch-site") }, "cross-origin state-changing request refused");
        throw new AppError("csrf-rejected");
      }
      if (declaration.appCheck) requireAppCheck(req);
      let actor = null;
      if (guarded) {
        actor = await requestActor(req);
        if (!actor) throw refusal(dialect, "unauthenticated");
        // MFA_REQUIRED_ROLES: until enrolled, no endpoint either; authorize() holds the pages to the account page,
        // which uses none of these.
        if (mustEnrolSecondFactor(actor, config().mfaRequiredRoles)) throw refusal(dialect, "enrolment-required");
        const guard = declaration.guard;
        // Not found rather than forbidden: a refused caller learns nothing about what exists.
        if (typeof guard === "object" && !can(actor, guard.can)) throw refusal(dialect, "not-found");
      }
      let params: unknown = {};
      if (spec.params) {
        const parsed = spec.params.safeParse(req.params);
        if (!parsed.success) throw refusal(dialect, "not-found");
        params = parsed.data;
      }
      let body: unknown = undefined;
      if (spec.body && spec.body.kind !== "stream") {
        try {
          const bytes = await readBody(req, spec.body.maxBytes, spec.body.kind === "json" ? "application/json" : null);
          if (spec.body.kind === "bytes") body = bytes;
          else {
            let json: unknown;
            try {
              json = JSON.parse(bytes.toString("utf8"));
            } catch {
              throw refusal(dialect, "malformed-body");
            }
            const problem = jsonBodyProblem(json);
            if (problem === "malformed-body") throw refusal(dialect, "malformed-body");
            if (problem) throw new AppError(problem);
            const parsed = spec.body.schema.safeParse(json);
            if (!parsed.success) throw schemaRefusal(parsed.error);
            body = parsed.data;
          }
        } catch (error) {
          if (error instanceof BodyReadError) throw refusal(dialect, error.kind, { maxBytes: spec.body.maxBytes });
          throw error;
        }
      }
      res.set("Cache-Control", CACHE_CONTROL[declaration.cache]);
      const handle = () => spec.handle({ req, res, actor: actor as never, params, body });
      if (declaration.compress) {
        await new Promise<void>((resolve, reject) => compress(req, res, () => Promise.resolve(handle()).then(resolve, reject)));
      } else {
        await handle();
      }
    } catch (error) {
      fail(error);
    }
  };
}
