/** Kept apart from password-policy.ts so that pages can use it without loading the dictionaries. */

/** The words of a person's own name and e-mail address, which must not carry a password. */
export function personalInputs(...values: (string | null | undefined)[]): string[] {
  return values.flatMap((v) => (v ? v.toLowerCase().split(/[^\p{L}\p{N}]+/u) : [])).filter((w) => w.length >= 3);
}
