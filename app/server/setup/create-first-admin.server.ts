/** Creates the first administrator, only while none exists and only with the setup code. */
import { eq } from "drizzle-orm";
import { AppError } from "~/domain/errors";
import { recordAudit, type AuditOrigin } from "../audit/audit.server";
import { auth } from "../auth/auth.server";
import { systemDb } from "../db/client.server";
import { user } from "../db/schema";
import { adminExists, closeSetup, consumeSetupCode, restoreSetupCode } from "./setup-code.server";

export async function createFirstAdmin(
  input: { code: string; name: string; email: string; password: string },
  origin: AuditOrigin,
): Promise<{ userId: string }> {
  if (await adminExists()) throw new AppError("not-found");
  if (!(await consumeSetupCode(input.code))) throw new AppError("setup-code-invalid");
  try {
    const created = await auth().api.createUser({
      body: { email: input.email, password: input.password, name: input.name, role: "admin" as never },
    });
    await systemDb().update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
    await closeSetup();
    await recordAudit({ action: "admin.first-admin-created", actorId: created.user.id, subjectType: "user", subjectId: created.user.id, after: { email: input.email, role: "admin" } }, origin);
    return { userId: created.user.id };
  } catch (error) {
    await restoreSetupCode(input.code);
    throw error;
  }
}
