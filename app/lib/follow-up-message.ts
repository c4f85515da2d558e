import { escapeHtml } from './email-html'

// One follow-up message as it leaves (issue 32 Deliver 4, 5, 6): links rewritten to first-party
// click redirects, the visible unsubscribe link, the RFC 8058 headers and the sender's identity.
// Pure, so a retried batch builds byte for byte the message its Idempotency-Key was first used for.

/** A body cut at its links: parts[0] link 0 parts[1] link 1 … parts[n]. */
export type PreparedBody = { parts: string[]; links: string[] }

const HREF = /href="(https?:\/\/[^"]*)"/gi

function decodeAttr(value: string) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * Finds the body's web links (sanitised HTML: DOMPurify writes attributes in double quotes), in
 * order: each becomes `/c/{token}/{n}`, which redirects to links[n] and counts the click. mailto:
 * and other links are left as they are.
 */
export function prepareBody(html: string): PreparedBody {
  const parts: string[] = []
  const links: string[] = []
  let last = 0
  for (const m of html.matchAll(HREF)) {
    parts.push(html.slice(last, m.index) + 'href="')
    links.push(decodeAttr(m[1]!))
    last = m.index + m[0].length - 1 // keep the closing quote for the next part
  }
  parts.push(html.slice(last))
  return { parts, links }
}

export function clickUrl(appUrl: string, token: string, n: number) {
  return `${appUrl}/c/${token}/${n}`
}

export function unsubscribeUrl(appUrl: string, token: string) {
  return `${appUrl}/u/${token}`
}

/** The address of a From value (`Name <a@b>` or `a@b`). */
export function addressOf(from: string) {
  const m = /<([^>]+)>/.exec(from)
  return (m ? m[1]! : from).trim()
}

/** `"{Speaker name} via {brand}" <address>`, the display name quoted for RFC 5322. */
export function fromHeader(speakerName: string, brand: string, address: string) {
  const speaker = speakerName.trim()
  const name = (speaker ? `${speaker} via ${brand}` : brand).replace(/[\r\n]/g, ' ').replace(/(["\\])/g, '\\$1')
  return `"${name}" <${address}>`
}

/** Plain text of the sanitised HTML: paragraphs and line breaks kept, links as "text (url)". */
export function htmlToText(html: string) {
  return decodeAttr(
    html
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => `${label} (${href})`)
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|h[1-6]|li|tr|blockquote|div)>/gi, '\n\n')
      .replace(/<li[^>]*>/gi, '• ')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' '),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export type FollowUpMessage = {
  from: string
  to: string
  replyTo?: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
}

/**
 * One recipient's message. `body` is the follow-up's sanitised HTML after its merge fields, cut
 * at its links (prepareBody); `token` the recipient's (app/platform/follow-up-tokens.server.ts).
 */
export function buildMessage(input: {
  appUrl: string
  brand: string
  from: string
  replyTo: string | null
  to: string
  subject: string
  body: PreparedBody
  token: string
  senderName: string
}): FollowUpMessage {
  const { appUrl, token } = input
  let html = input.body.parts[0] ?? ''
  input.body.links.forEach((_link, n) => {
    html += escapeHtml(clickUrl(appUrl, token, n)) + (input.body.parts[n + 1] ?? '')
  })
  const unsubscribe = unsubscribeUrl(appUrl, token)
  const why = `You receive this because you left your details at a talk by ${input.senderName} and agreed to hear from them.`
  const footerHtml = `<p style="margin:24px 0 0;font-size:12px;color:#52606d">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`
  const document = `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">${html}${footerHtml}</body></html>`
  const text = `${htmlToText(html)}\n\n--\n${why}\nUnsubscribe: ${unsubscribe}\n`
  return {
    from: input.from,
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    html: document,
    text,
    // RFC 8058: a POST of "List-Unsubscribe=One-Click" to the https URL unsubscribes at once. No
    // mailto: Lectern receives no mail to act on.
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
