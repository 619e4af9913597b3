import { launch, ctxFor, signIn } from "./common.mjs";
const b = await launch();
for (const email of ["pro@casus.test","supervisor@casus.test","admin@casus.test"]) {
  const c = await ctxFor(b); const p = await c.newPage();
  await signIn(p, email);
  await p.waitForLoadState("networkidle"); await p.waitForTimeout(1500); console.log("==", email, p.url());
  const links = await p.$$eval("a[href]", as => [...new Set(as.map(a => a.getAttribute("href") + " | " + a.innerText.replace(/\s+/g," ").trim()))]);
  console.log(links.join("\n"));
  await c.close();
}
await b.close();
