/** Live prediction with the fake camera playing a synthetic not-in-ear clip. */
import { expect, test } from "./support/fixtures";
import { fakeCamera, openLivePrediction } from "./support/fake-camera";

test.use(fakeCamera(0, 302));

test("a not-in-ear clip is labelled not in ear", async ({ page }) => {
  await openLivePrediction(page);
  const label = page.getByTestId("in-ear-label");
  await expect(label).toHaveAttribute("data-state", "not-in-ear", { timeout: 20_000 });
  await expect(label).toContainText("Not in ear");
});
