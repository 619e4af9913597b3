/**
 * The one e-mail layout, as HTML and as plain text. Every text that goes in is plain text (translations and
 * the values interpolated into them); the HTML version escapes all of it, so no name or organisation can add markup.
 */

export interface EmailContent {
  /** The language of the text, for <html lang>. */
  language: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** "Does the button not work? Copy this link…" */
  linkFallback: string;
  /** Lines separated by "\n". */
  signature: string;
  /** Why the recipient gets this e-mail. */
  footer: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Escaped, with line breaks kept. */
function html(text: string): string {
  return escapeHtml(text).replace(/\n/g, "<br>");
}

export function layoutText(content: EmailContent): string {
  return [
    content.greeting,
    ...content.paragraphs,
    `${content.action.label}:\n${content.action.url}`,
    content.signature,
    "--",
    content.footer,
  ].join("\n\n") + "\n";
}

/** Table layout and inline styles: what mail clients (Outlook included) still render reliably. */
export function layoutHtml(content: EmailContent): string {
  const url = escapeHtml(content.action.url);
  const p = (text: string, style = "margin:0 0 16px") => `<p style="${style}">${html(text)}</p>`;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(content.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px 0;font-size:20px;font-weight:bold;color:#0b4f6c">Casus</td></tr>
<tr><td style="padding:16px 32px 8px">
${p(content.greeting)}
${content.paragraphs.map((text) => p(text)).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:#0b4f6c">
<a href="${url}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:bold;text-decoration:none">${html(content.action.label)}</a>
</td></tr></table>
${p(content.linkFallback, "margin:0 0 4px;font-size:14px")}
<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${url}" style="color:#0b4f6c">${url}</a></p>
${p(content.signature)}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e4e7eb;font-size:12px;color:#616e7c">${html(content.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
