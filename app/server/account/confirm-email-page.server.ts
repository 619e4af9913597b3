/** /confirm-email: the page behind the link sent to a new e-mail address (see email-change.server.ts). */
import type { AppLoadContext } from "react-router";
import { AppError, type ErrorCode } from "~/domain/errors";
import { auditOrigin } from "../audit/audit.server";
import { confirmEmailChange, emailChangeLink } from "./email-change.server";
import { z } from "zod";
import { rawText } from "~/domain/forms/fields";
import { parseForm } from "~/server/forms/parse-form.server";

/** A missing token is an unknown link, answered like any other. */
const confirmEmailForm = z.object({ token: rawText.max(200).catch("") });

export type ConfirmEmailView = { state: "valid"; token: string; to: string } | { state: "invalid" };

export async function emailChangeLinkView(request: Request): Promise<ConfirmEmailView> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await emailChangeLink(token);
  return link.state === "valid" ? { state: "valid", token, to: link.to } : { state: "invalid" };
}

export async function confirmEmailChangeAction(request: Request, context: AppLoadContext): Promise<{ ok: true; email: string } | { ok: false; error: ErrorCode }> {
  const parsed = await parseForm(request, confirmEmailForm);
  const token = parsed.ok ? parsed.data.token : "";
  try {
    const { email } = await confirmEmailChange(token, auditOrigin(request, context));
    return { ok: true, email };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.code };
    throw error;
  }
}
