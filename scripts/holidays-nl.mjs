#!/usr/bin/env node
/**
 * Writes app/domain/dossier/holidays-nl.json: the Dutch part of the `date-holidays` calendar (its NL rules and the
 * holiday names they refer to), which the working-time clock reads with `date-holidays-parser`. The whole calendar
 * of every country is 1.5 MB of source and about 8 MB of a server's memory for one country's dozen rules (issue 13).
 * A test fails when the file no longer matches the installed `date-holidays`: after updating it, run
 *
 *   node scripts/holidays-nl.mjs
 */
import fs from "node:fs";
import path from "node:path";
import { data } from "date-holidays/data";

export function dutchCalendar(full) {
  return { version: full.version, license: full.license, holidays: { NL: full.holidays.NL }, names: full.names };
}

const TARGET = path.resolve(import.meta.dirname, "../app/domain/dossier/holidays-nl.json");

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(TARGET, `${JSON.stringify(dutchCalendar(data), null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), TARGET)}`);
}
