// date-holidays-parser ships its types as an ambient module, but its package.json "exports" hides the file from
// TypeScript's resolution; this brings the declaration in.
/// <reference path="../../node_modules/date-holidays-parser/types/index.d.ts" />
