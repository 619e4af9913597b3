/**
 * The password rule in one place. Today: 12 to 256 characters. `passwordProblem` is the hook a dictionary-based
 * strength estimator replaces (issue 3, passwords), so every form that sets a password keeps calling this one function.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem = "weak-password" | "invalid-argument";

/** Why `password` may not be used, or null when it may. `userInputs` (name, e-mail…) are for the estimator to come. */
export function passwordProblem(password: string, userInputs: readonly string[] = []): PasswordProblem | null {
  void userInputs;
  if (password.length > PASSWORD_MAX_LENGTH) return "invalid-argument";
  if (password.length < PASSWORD_MIN_LENGTH) return "weak-password";
  return null;
}
