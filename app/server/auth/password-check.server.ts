/**
 * The password rule on the server (decision 019). Its dictionaries (about 11 MB of a server's memory) load at the
 * first check, not at start-up: most of a server's life nobody is setting a password (issue 13: idle memory).
 */
import type { PasswordProblem } from "~/domain/password-policy";

export async function passwordProblemOf(password: string, userInputs: string[]): Promise<PasswordProblem | null> {
  const { passwordProblem } = await import("~/domain/password-policy");
  return passwordProblem(password, userInputs);
}
