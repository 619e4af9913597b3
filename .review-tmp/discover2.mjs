import { launch, ctxFor, signIn } from "./common.mjs";
const b = await launch();
const pages = { "pro@casus.test": ["/en/pro/PRO/mijn-dossiers","/en/pro/PRO/case","/en/pro/PRO/case?dossier=db6acf64-ab5c-4f10-ae9f-9efb411d098b","/en/supervisor/case/7c751a12-50b2-47f2-8de5-e68ebcf40a77"],
 "admin@casus.test": ["/en/admin/organisaties","/en/admin/unfinished-dossiers","/en/debug/ml","/en/admin/supervisors"] };
for (const [email, urls] of Object.entries(pages)) {
  const c = await ctxFor(b); const p = await c.newPage();
  await signIn(p, email);
  const pro = p.url().split("/pro/")[1];
  for (const u of urls) {
    await p.goto(u.replace("PRO", pro)); await p.waitForLoadState("networkidle");
    console.log("==", email, p.url());
    const links = await p.$$eval("main a[href], main button", as => [...new Set(as.map(a => (a.getAttribute("href")||"BTN") + " | " + a.innerText.replace(/\s+/g," ").trim()))]);
    console.log(links.slice(0,40).join("\n"));
  }
  await c.close();
}
await b.close();
