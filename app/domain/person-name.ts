/**
 * A person's name is read by other people: on their pages and in the e-mails Casus sends them ("Dr. X has returned
 * your dossier"). A web address in it would be a link in a mail from us that we did not write, so a name holds
 * none: no scheme, no "www.", no host name (several labels, or one with a common top-level domain).
 */
const LINK = /:\/\/|\bwww\.|[\p{L}\p{N}-]+\.[\p{L}\p{N}-]+\.\p{L}{2,}|[\p{L}\p{N}-]{2,}\.(?:com|net|org|info|biz|nl|be|de|fr|eu|uk|io|app|dev|co|me|test)\b/iu;

export function nameHasLink(name: string): boolean {
  return LINK.test(name);
}
