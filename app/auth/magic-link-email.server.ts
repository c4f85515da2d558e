import { MAGIC_LINK_TTL_MS } from '~/lib/constants'
import type { MagicLinkIntent } from './magic-link-schema'

// The sign-in email: the link for any device and the 6-digit code for the tab that asked.
// Self-contained markup (tables and inline styles) so mail clients render it.

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

const emailButton = (href: string, label: string) =>
  `<p style="margin:0 0 24px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#3b6cf6;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`

function emailLayout({
  brand,
  title,
  bodyHtml,
  footerHtml,
}: {
  brand: string
  title: string
  bodyHtml: string
  footerHtml: string
}) {
  return `<!doctype html><html lang="en"><body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:14px;font-weight:bold;color:#3b6cf6">${escapeHtml(brand)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${bodyHtml}
<div style="margin-top:24px;font-size:12px;color:#52606d">${footerHtml}</div>
</td></tr></table></td></tr></table></body></html>`
}

export function magicLinkEmail({
  to,
  brand,
  link,
  code,
  intent,
}: {
  to: string
  brand: string
  link: string
  code: string
  intent: MagicLinkIntent
}) {
  const minutes = Math.round(MAGIC_LINK_TTL_MS / 60_000)
  const subject = intent === 'signup' ? `Finish creating your ${brand} account` : `Your ${brand} sign-in link`
  const lead =
    intent === 'signup'
      ? `Click the link below to create your ${brand} account and sign in.`
      : `Click the link below to sign in to ${brand}.`
  const expiry = `The link and the code work once and expire in ${minutes} minutes. After clicking, return to the original tab to continue.`
  const ignore = `If you did not ask to sign in to ${brand}, you can ignore this email: nothing happens without the link or the code.`
  const text = [
    lead,
    '',
    link,
    '',
    `Or enter this code in the tab where you asked for the link: ${code}`,
    '',
    expiry,
    '',
    ignore,
  ].join('\n')
  const p = (body: string, style = 'font-size:15px;line-height:1.5') => `<p style="margin:0 0 16px;${style}">${body}</p>`
  const html = emailLayout({
    brand,
    title: subject,
    bodyHtml: [
      p(escapeHtml(lead)),
      emailButton(link, `Sign in to ${brand}`),
      p('Or enter this code in the tab where you asked for the link:'),
      p(escapeHtml(code), "font-size:28px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace"),
      p(escapeHtml(expiry), 'font-size:13px;color:#52606d'),
      p(
        `If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span>`,
        'font-size:13px;color:#52606d',
      ),
    ].join('\n'),
    footerHtml: escapeHtml(ignore),
  })
  return { to, subject, text, html }
}
