// Small helpers for transactional emails: escaping and one shared, client-safe layout.

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** A button-style link; the href must already be a URL we built (it is escaped, not validated). */
export function emailButton(href: string, label: string) {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#3b6cf6;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`
}

/** Wraps body HTML (already escaped by the caller) in a plain, widely supported layout. */
export function emailLayout({
  brand,
  title,
  bodyHtml,
  footerHtml = '',
  lang = 'en',
}: {
  brand: string
  /** The language of the email's text (the attendee's confirmation is in theirs). */
  lang?: string
  title: string
  bodyHtml: string
  footerHtml?: string
}) {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:14px;font-weight:bold;color:#3b6cf6">${escapeHtml(brand)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${bodyHtml}
${footerHtml ? `<div style="margin-top:24px;font-size:12px;color:#52606d">${footerHtml}</div>` : ''}
</td></tr></table></td></tr></table></body></html>`
}

/** Paragraphs of plain text as escaped HTML paragraphs (blank lines separate them, newlines become <br>). */
export function textToHtmlParagraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}
