/**
 * Small helpers for the admin route modules: the acting user, form values, and turning an AppError into the
 * page's error message instead of an error page.
 */
import { redirect } from "react-router";
import { AppError, type ErrorCode } from "~/domain/errors";
import type { SessionUser } from "../auth/session.server";
import { invalidForm, type FormRefusal } from "../forms/parse-form.server";
import { notFound } from "../http/responses.server";
import type { Actor } from "./access.server";

export function actorOf(user: SessionUser): Actor {
  return { id: user.id, role: user.role, name: user.name, organisationId: user.organisationId, supervisedOrganisationIds: user.supervisedOrganisationIds };
}

export type ChangeResult = { ok: true } | { ok: false; error: ErrorCode; fieldErrors?: Record<string, string> };

/** Run a change; not-found becomes the 404 page (never confirm a record exists), other AppErrors a message. */
export async function runChange(work: () => Promise<unknown>): Promise<ChangeResult> {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === "not-found") throw notFound();
      const field = typeof error.details.field === "string" ? error.details.field : null;
      return { ok: false, error: error.code, ...(field ? { fieldErrors: { [field]: `errors:codes.${error.code}` } } : {}) };
    }
    throw error;
  }
}

const LIST_POSITION = ["q", "page", "id"] as const;

/**
 * Post/redirect/get: back to the page without the confirm step, with a notice of what was done. A list page's
 * selected person (`?id=`), search and page stay.
 */
export function doneRedirect(request: Request, done: string, path?: string): never {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  if (!path) {
    for (const key of LIST_POSITION) {
      const value = url.searchParams.get(key);
      if (value) params.set(key, value);
    }
  }
  params.set("done", done);
  throw redirect(`${path ?? url.pathname}?${params.toString()}`);
}

/**
 * A refused admin form in the shape the people pages show: each field's message beside it, the code above the
 * forms (a refused hidden field, such as a person's id, has no place of its own), and what was typed.
 */
export function refusedPeopleForm(refusal: FormRefusal) {
  const intent = refusal.code === "unknown-intent" ? "none" : (refusal.values.intent ?? "none");
  return invalidForm(refusal, { intent, values: refusal.values, errors: refusal.fields, error: refusal.code as ErrorCode });
}

/** Same-origin is enforced by middleware; this caps the CSV a form can send (the import preview holds it). */
export const CSV_MAX_BYTES = 512 * 1024;
