import { describe, expect, it } from "vitest";
import { cusum, learningCurve } from "./learning-curve";

describe("the learning-curve CUSUM", () => {
  it("flags proficiency after twenty reviews at 80 and not before; steady 70 never gets there", () => {
    const steps = cusum(Array(25).fill(80));
    expect(steps.findIndex((s) => s.flag === "proficient")).toBe(19);
    expect(steps.filter((s) => s.flag).length).toBe(1);
    expect(cusum(Array(100).fill(70)).some((s) => s.flag)).toBe(false);
  });

  it("one perfect streak after poor work does not count until the poor work is paid off (the sum never goes below 0)", () => {
    // 10 at 40 keep S⁺ at 0; then 7 at 100 make 2.1: proficient on the 17th.
    const steps = cusum([...Array(10).fill(40), ...Array(7).fill(100)]);
    expect(steps.findIndex((s) => s.flag === "proficient")).toBe(16);
  });

  it("flags a relapse after ten reviews at 55 once proficient, and learning starts over", () => {
    const steps = cusum([...Array(20).fill(80), ...Array(10).fill(55), ...Array(20).fill(80)]);
    expect(steps.map((s, i) => (s.flag ? `${i}:${s.flag}` : null)).filter(Boolean)).toEqual(["19:proficient", "29:relapse", "49:proficient"]);
    expect(steps[30].proficient).toBe(false);
  });

  it("rolls the mean over the last twenty scores", () => {
    const scores = Array.from({ length: 25 }, (_, i) => i * 4);
    const curve = learningCurve(scores);
    expect(curve[0].rolling).toBe(0);
    expect(curve[1].rolling).toBe(2);
    // Scores 20..24 → last 20 are i = 5..24: mean of 4·(5..24) = 4·14.5 = 58.
    expect(curve[24].rolling).toBe(58);
  });
});
