import { describe, expect, it } from "vitest";
import { ADMIN_SEARCH_MAX, FORBIDDEN_KEY_CHARACTERS, MAX_STORED_STRING_BYTES } from "./constants";
import { keyProblem, keySchema, LONE_SURROGATE, searchText, storedStringProblem, storedStringSchema, utf8ByteLength } from "./limits";

const MAX = MAX_STORED_STRING_BYTES;

describe("keyProblem", () => {
  it("the forbidden characters are exactly the seed's . # $ / [ ]", () => {
    expect([...FORBIDDEN_KEY_CHARACTERS]).toEqual([".", "#", "$", "/", "[", "]"]);
  });

  it.each([".", "#", "$", "/", "[", "]"])("refuses %s anywhere in a key", (c) => {
    expect(keyProblem(c)).toBe("key-forbidden-character");
    expect(keyProblem(`${c}start`)).toBe("key-forbidden-character");
    expect(keyProblem(`mid${c}dle`)).toBe("key-forbidden-character");
    expect(keyProblem(`end${c}`)).toBe("key-forbidden-character");
  });

  it.each([
    ["NUL", "\u0000"],
    ["unit separator", "\u001f"],
    ["tab", "\t"],
    ["newline", "\n"],
    ["carriage return", "\r"],
    ["escape", "\u001b"],
    ["DEL", "\u007f"],
    ["C1 start", "\u0080"],
    ["next line (NEL)", "\u0085"],
    ["C1 end", "\u009f"],
  ])("refuses the control character %s", (_name, c) => {
    expect(keyProblem(c)).toBe("key-control-character");
    expect(keyProblem(`label${c}`)).toBe("key-control-character");
    expect(keyProblem(`${c}label`)).toBe("key-control-character");
  });

  it("refuses the empty key", () => {
    expect(keyProblem("")).toBe("key-empty");
  });

  it.each(["in-ear", "not_in_ear", "Left ear", "oor 2", "Überweisung", "réseau", "日本", "😀", "a", "\u00a0", "\u00a1"])(
    "accepts %j",
    (key) => {
      expect(keyProblem(key)).toBeNull();
    },
  );
});

describe("utf8ByteLength", () => {
  it.each([
    ["", 0],
    ["a", 1],
    ["é", 2],
    ["€", 3],
    ["😀", 4],
    ["a€😀", 8],
    // A lone surrogate is stored as U+FFFD, three bytes.
    ["\ud800", 3],
  ])("%j is %i bytes", (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });
});

describe("storedStringProblem (10 MB of UTF-8)", () => {
  it("the limit is 10 MB", () => {
    expect(MAX).toBe(10 * 1024 * 1024);
  });

  it("accepts ASCII of exactly the limit and refuses one byte more", () => {
    expect(storedStringProblem("a".repeat(MAX))).toBeNull();
    expect(storedStringProblem("a".repeat(MAX + 1))).toBe("string-too-long");
  });

  it.each([
    ["é", 2],
    ["€", 3],
    ["😀", 4],
  ])("counts %s as %i bytes at the boundary", (char, bytes) => {
    expect(utf8ByteLength(char)).toBe(bytes);
    // The multi-byte character ends exactly at the limit…
    expect(storedStringProblem("a".repeat(MAX - bytes) + char)).toBeNull();
    // …or crosses it by one byte, although the string has no more code units than the limit.
    const over = "a".repeat(MAX - bytes + 1) + char;
    expect(over.length).toBeLessThanOrEqual(MAX);
    expect(storedStringProblem(over)).toBe("string-too-long");
  });

  it("counts bytes, not characters, for text made only of multi-byte characters", () => {
    // 3-byte characters: a third of the limit fits; one character more does not.
    const fits = Math.floor(MAX / 3);
    expect(storedStringProblem("€".repeat(fits))).toBeNull();
    expect(storedStringProblem("€".repeat(fits + 1))).toBe("string-too-long");
    // 4-byte characters (two UTF-16 code units each).
    expect(storedStringProblem("😀".repeat(MAX / 4))).toBeNull();
    expect(storedStringProblem("😀".repeat(MAX / 4) + "a")).toBe("string-too-long");
  });

  it("accepts ordinary and empty text", () => {
    expect(storedStringProblem("")).toBeNull();
    expect(storedStringProblem("Trommelvlies rood, licht bomberend.")).toBeNull();
  });
});

describe("Zod schemas", () => {
  it("keySchema reports the error code as the issue message", () => {
    expect(keySchema.safeParse("in-ear").success).toBe(true);
    const cases: [string, string][] = [
      ["", "key-empty"],
      ["a.b", "key-forbidden-character"],
      ["a\u0000b", "key-control-character"],
    ];
    for (const [value, code] of cases) {
      const result = keySchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([code]);
    }
  });

  it("keySchema refuses non-strings", () => {
    expect(keySchema.safeParse(42).success).toBe(false);
    expect(keySchema.safeParse(undefined).success).toBe(false);
  });

  it("storedStringSchema enforces the byte limit with the string-too-long code", () => {
    expect(storedStringSchema.parse("kort")).toBe("kort");
    const result = storedStringSchema.safeParse("a".repeat(MAX - 1) + "é");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["string-too-long"]);
    expect(storedStringSchema.safeParse(null).success).toBe(false);
  });
});

describe("searchText", () => {
  it("drops control characters (a NUL above all), trims and cuts", () => {
    expect(searchText(null)).toBe("");
    expect(searchText("\0")).toBe("");
    expect(searchText("  an\u0000na\u007f ")).toBe("anna");
    expect(searchText("x".repeat(500))).toHaveLength(ADMIN_SEARCH_MAX);
  });
});

describe("LONE_SURROGATE", () => {
  it("finds half a surrogate pair anywhere, and not a whole one", () => {
    expect(["\ud800", "a\ud800b", "\udc00", "x\ude00", "\ud83d\ude00\ud800", "\ude00\ud83d"].map((t) => LONE_SURROGATE.test(t))).toEqual([true, true, true, true, true, true]);
    expect(["", "abc", "caf\u00e9", "\ud83d\ude00", "a\ud83d\ude00b\ud83d\ude00"].map((t) => LONE_SURROGATE.test(t))).toEqual([false, false, false, false, false]);
  });
});
