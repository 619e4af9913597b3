import { expect, test } from "vitest";
import { formatBytes, formatSeconds } from "./format-media";

test("sizes go in steps of 1024, so the limits read as they are set", () => {
  expect(formatBytes(1024 * 1024 * 1024, "nl")).toBe("1 GB");
  expect(formatBytes(20 * 1024 * 1024, "nl")).toBe("20 MB");
  expect(formatBytes(1536, "en")).toBe("1.5 kB");
  expect(formatBytes(1536, "de")).toBe("1,5 kB");
  expect(formatBytes(512, "fr")).toBe("512 B");
});

test("durations as m:ss or h:mm:ss", () => {
  expect(formatSeconds(75)).toBe("1:15");
  expect(formatSeconds(3725)).toBe("1:02:05");
});
