import { launch, ctxFor, signIn } from "./common.mjs";
import fs from "node:fs";
const OUT = "/tmp/ui-review"; fs.mkdirSync(OUT + "/text", { recursive: true }); fs.mkdirSync(OUT + "/shots", { recursive: true });
const PRO = "c1197201-e3bb-4300-bd91-a459f10184f9";
const DRAFT = "db6acf64-ab5c-4f10-ae9f-9efb411d098b";
const RETURNED = "7c751a12-50b2-47f2-8de5-e68ebcf40a77";
const COMPLETED = "d3288852-6ac7-4c6e-a414-de6447d2e4ff";
const INREVIEW = "e794c174-f6ac-48ad-9950-c7e96d061525";
const SUBMITTED = "e020180b-f521-476d-bfef-028bf3e59cdd";
const ORG = "219d5148-ff1c-4715-86b3-1ea81a84a927";
const ROLES = {
  pro: ["pro@casus.test", {
    home: `/pro/${PRO}`, newcase: `/pro/${PRO}/case`,
    step1: `/pro/${PRO}/case?dossier=${DRAFT}&step=patient`, step2: `/pro/${PRO}/case?dossier=${DRAFT}&step=recording`,
    step3: `/pro/${PRO}/case?dossier=${DRAFT}&step=anamnesis`, step4: `/pro/${PRO}/case/${DRAFT}/klinisch-redeneren?step=reasoning`,
    step5: `/pro/${PRO}/case/${DRAFT}/klinisch-redeneren?step=submit`,
    mine: `/pro/${PRO}/mijn-dossiers`, returned: `/supervisor/case/${RETURNED}`, completed: `/supervisor/case/${COMPLETED}`,
    summary: `/supervisor/case/${COMPLETED}/mvp`, history: `/pro/${PRO}/0627182818/history`, profile: `/pro/${PRO}/profiel`,
  }],
  sup: ["supervisor@casus.test", {
    queue: `/supervisor`, submitted: `/supervisor/case/${SUBMITTED}`, inreview: `/supervisor/case/${INREVIEW}`,
    completed: `/supervisor/case/${COMPLETED}`, summary: `/supervisor/case/${INREVIEW}/mvp`, reporting: `/reporting`, profile: `/supervisor/profiel`,
  }],
  admin: ["admin@casus.test", {
    dash: `/admin`, orgs: `/admin/organisaties`, org: `/admin/organisaties/${ORG}`, orgpro: `/admin/organisaties/${ORG}/professional/${PRO}`,
    sups: `/admin/supervisors`, admins: `/admin/administrators`, unfinished: `/admin/unfinished-dossiers`, dossier: `/admin/dossiers/${RETURNED}`,
    jobs: `/admin/jobs`, reporting: `/reporting`, casehandling: `/admin/data-insights/case-behandeling`, export: `/admin/data-insights/export-dossier-jsons`,
    ml: `/debug/ml`, explanation: `/debug/explanation`, select: `/debug/ml/select-videos`, label: `/debug/ml/label-images-from-video`,
    labeled: `/debug/ml/labeled-images`, testpred: `/debug/ml/test-prediction`, live: `/debug/ml/live-prediction`, profile: `/admin/profiel`,
  }],
};
const VPS = { 320: { width: 320, height: 700 }, 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } };
const PLAN = { 320: ["nl", "de"], 390: ["nl", "en", "de", "fr"], 1280: ["nl", "fr", "en"] };
const only = process.argv[2];
const results = [];
const b = await launch();
for (const [role, [email, pages]] of Object.entries(ROLES)) {
  if (only && only !== role) continue;
  for (const [w, locs] of Object.entries(PLAN)) {
    const c = await ctxFor(b, VPS[w]); const p = await c.newPage();
    let errs = [];
    p.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errs.push(m.type() + ": " + m.text().slice(0, 300)); });
    p.on("pageerror", (e) => errs.push("pageerror: " + e.message.slice(0, 300)));
    await signIn(p, email);
    for (const loc of locs) for (const [name, path] of Object.entries(pages)) {
      errs = [];
      const url = (loc === "nl" ? "" : "/" + loc) + path;
      let status = 0;
      try { const r = await p.goto(url, { waitUntil: "load", timeout: 30000 }); status = r?.status(); } catch (e) { errs.push("goto: " + e.message.slice(0, 200)); }
      await p.waitForLoadState("networkidle", { timeout: 4000 }).catch(() => {});
      await p.waitForTimeout(600);
      const info = await p.evaluate(({ phone }) => {
        const vw = window.innerWidth;
        const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        const wide = [];
        for (const el of document.querySelectorAll("body *")) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          const cs = getComputedStyle(el); if (cs.visibility === "hidden") continue;
          if (r.right > vw + 1) {
            // skip if an ancestor scrolls horizontally
            let a = el.parentElement, clipped = false;
            while (a && a !== document.body) { const s = getComputedStyle(a); if (/(auto|scroll|hidden|clip)/.test(s.overflowX)) { clipped = true; break; } a = a.parentElement; }
            if (!clipped) wide.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + "." + String(el.className).slice(0, 40) + " r=" + Math.round(r.right) + " '" + (el.innerText || "").slice(0, 40).replace(/\s+/g, " ") + "'");
          }
        }
        const small = [];
        if (phone) for (const el of document.querySelectorAll("a[href], button, select, input, textarea, summary, [role=button], [role=tab]")) {
          const r = el.getBoundingClientRect(); if (r.width === 0 || r.height === 0) continue;
          const cs = getComputedStyle(el); if (cs.visibility === "hidden" || cs.display === "none") continue;
          if (el.closest(".sr-only")) continue;
          let box = r;
          if ((el.type === "checkbox" || el.type === "radio") ) { const lab = el.closest("label") || (el.id && document.querySelector(`label[for="${el.id}"]`)); if (lab) box = lab.getBoundingClientRect(); }
          if (box.height < 36 || box.width < 36) {
            // inline links in running text are exempt
            if (el.tagName === "A" && getComputedStyle(el).display === "inline" && el.parentElement && el.parentElement.innerText.length > el.innerText.length + 20) continue;
            small.push(`${el.tagName.toLowerCase()}[${el.type || ""}] ${Math.round(box.width)}x${Math.round(box.height)} '${(el.innerText || el.value || el.getAttribute("aria-label") || el.name || "").slice(0, 30).replace(/\s+/g, " ")}'`);
          }
        }
        const text = document.body.innerText;
        const keys = [...text.matchAll(/\b[a-zA-Z-]+:[a-zA-Z0-9_-]+\.[a-zA-Z0-9_.-]+\b|\b[a-z]+(?:\.[a-zA-Z0-9_]+){2,}\b|\{\{[^}]+\}\}/g)].map((m) => m[0]);
        return { overflow, wide: wide.slice(0, 8), small: [...new Set(small)].slice(0, 25), text, keys, title: document.title, lang: document.documentElement.lang, h1: [...document.querySelectorAll("h1")].map((h) => h.innerText) };
      }, { phone: w !== "1280" });
      const base = `${role}-${name}-${loc}-${w}`;
      fs.writeFileSync(`${OUT}/text/${base}.txt`, `URL ${p.url()}\nTITLE ${info.title}\nLANG ${info.lang}\nH1 ${info.h1.join(" | ")}\n\n${info.text}`);
      await p.screenshot({ path: `${OUT}/shots/${base}.png`, fullPage: true }).catch((e) => errs.push("shot " + e.message));
      const rec = { base, url: p.url(), status, title: info.title, lang: info.lang, h1: info.h1, overflow: info.overflow, wide: info.wide, small: info.small, keys: info.keys, errs: [...errs] };
      results.push(rec);
      console.log(base, status, "ovf=" + info.overflow, "small=" + info.small.length, "keys=" + info.keys.length, "errs=" + errs.length);
    }
    await c.close();
  }
}
fs.writeFileSync(`${OUT}/results-${only || "all"}.json`, JSON.stringify(results, null, 1));
await b.close();
