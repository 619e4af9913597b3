/**
 * Intl formatters, created once per locale and options and then reused. Creating an Intl.DateTimeFormat costs
 * tens of microseconds (locale data lookup, pattern resolution); formatting with an existing one costs about one.
 * On a list page every row formats a date, so creating one per row or per render showed up in the CPU profiles
 * (issue 13). The cache is bounded by the few locales and option sets the code uses.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function keyOf(locale: string, options: object): string {
  return `${locale}|${JSON.stringify(options)}`;
}

export function dateTimeFormatter(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

export function numberFormatter(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}
