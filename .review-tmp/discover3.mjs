import { launch, ctxFor, signIn } from "./common.mjs";
const b = await launch();
for (const [email, u] of [["pro@casus.test","/en/pro/PRO/mijn-dossiers"],["supervisor@casus.test","/en/supervisor"],["admin@casus.test","/en/admin/organisaties/219d5148-ff1c-4715-86b3-1ea81a84a927"]]) {
  const c = await ctxFor(b); const p = await c.newPage();
  await signIn(p, email);
  const pro = p.url().split("/pro/")[1];
  await p.goto(u.replace("PRO", pro)); await p.waitForTimeout(1500);
  console.log("==", email, p.url());
  console.log(await p.locator("main").innerText());
  console.log(await p.$$eval("main a[href]", as => as.map(a => a.getAttribute("href")).join("\n")));
  await c.close();
}
await b.close();
