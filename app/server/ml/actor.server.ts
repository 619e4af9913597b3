/**
 * Who may do what with the in-ear model's data. The pages are admin only (their guard), and the data layer checks
 * again: managing versions and the dataset needs an admin; reading the active model's files needs only a
 * signed-in user, because the recording screen of every professional runs it.
 */
import type { Actor } from "~/domain/access/actor";
import { can } from "~/domain/access/permissions";
import { AppError } from "~/domain/errors";

export function assertMlAdmin(actor: Actor | null): asserts actor is Actor {
  // Not found rather than forbidden, as everywhere: the data's existence is not confirmed.
  if (!can(actor, "model-data.manage")) throw new AppError("not-found");
}
