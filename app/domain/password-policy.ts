/**
 * The password rule (PRODUCT.md "Sign-in"): at least PASSWORD_MIN_LENGTH characters, and hard enough to guess
 * according to zxcvbn-ts with the Dutch and English dictionaries plus the person's own name and address.
 * The same function runs in the browser (live feedback, loaded lazily because the dictionaries are large) and
 * on the server (the check that counts). See decision 019.
 */
import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import * as nl from "@zxcvbn-ts/language-nl-be";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from "./constants";

export { personalInputs } from "./password-inputs";

export { PASSWORD_MAX_LENGTH };

/** zxcvbn's warning keys; each has a message in `auth:passwordPolicy.warnings.<key>`. */
export const PASSWORD_WARNINGS = [
  "straightRow",
  "keyPattern",
  "simpleRepeat",
  "extendedRepeat",
  "sequences",
  "recentYears",
  "dates",
  "topTen",
  "topHundred",
  "common",
  "similarToCommon",
  "wordByItself",
  "namesByThemselves",
  "commonNames",
  "userInputs",
] as const;
export type PasswordWarning = (typeof PASSWORD_WARNINGS)[number];

export type PasswordProblem =
  | { code: "too-short"; min: number }
  | { code: "too-long"; max: number }
  | { code: "too-weak"; score: number; warning: PasswordWarning | null };

let configured = false;
function configure(): void {
  if (configured) return;
  zxcvbnOptions.setOptions({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...prefixed("nl", nl.dictionary) },
  });
  configured = true;
}

/** English and Dutch lists share names ("commonWords"); keep both by renaming the Dutch ones. */
function prefixed(prefix: string, lists: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(lists).map(([name, words]) => [`${prefix}-${name}`, words]));
}

/** Why a password is not good enough, or null when it is. */
export function passwordProblem(password: string, userInputs: string[]): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return { code: "too-short", min: PASSWORD_MIN_LENGTH };
  if (password.length > PASSWORD_MAX_LENGTH) return { code: "too-long", max: PASSWORD_MAX_LENGTH };
  // zxcvbn gives every extra word at least 10^4 guesses, so three of one's own name words already pass score 3:
  // what is left after removing them must be a password on its own.
  if (userInputs.length && withoutWords(password, userInputs).length < PERSONAL_REMAINDER_MIN) return { code: "too-weak", score: 0, warning: "userInputs" };
  configure();
  const result = zxcvbn(password, userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const warning = (PASSWORD_WARNINGS as readonly string[]).includes(result.feedback.warning ?? "") ? (result.feedback.warning as PasswordWarning) : null;
  return { code: "too-weak", score: result.score, warning };
}

const PERSONAL_REMAINDER_MIN = 6;

function withoutWords(password: string, words: string[]): string {
  let rest = password.toLowerCase();
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word.toLowerCase()).join("");
  return rest.replace(/[^\p{L}\p{N}]/gu, "");
}

/** zxcvbn's 0–4 score, for the live meter. */
export function passwordScore(password: string, userInputs: string[]): number {
  configure();
  return zxcvbn(password, userInputs).score;
}
