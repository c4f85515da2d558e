import QRCode from 'qrcode'
import { displayShortUrl, qrPayload, type QrFormat } from '~/lib/short-link'
import { SLIDE_BOX, slideLayout, slideText, type SlideBlock, type SlideText } from '~/lib/slide-layout'
import { loadFonts } from './og.server'

// QR codes of session pages (issue 9 §3): error correction Q (a quarter of the code may be covered
// or damaged and it still reads), the 4-module quiet zone the standard asks for, black on white.

export const QR_ERROR_CORRECTION = 'Q'
export const QR_QUIET_ZONE = 4
export const QR_PNG_SIZES = [1024, 2048] as const

const options = {
  errorCorrectionLevel: QR_ERROR_CORRECTION,
  margin: QR_QUIET_ZONE,
  color: { dark: '#000000', light: '#ffffff' },
} as const

export function renderQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...options, type: 'svg' })
}

export function renderQrPng(payload: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...options, type: 'png', width: size })
}

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } }
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({ type, props: { style, children } })

const block = (b: SlideBlock, style: Record<string, unknown>) =>
  el(
    'div',
    { display: 'flex', width: '100%', fontSize: b.size, lineHeight: b.lineHeight, wordBreak: 'break-word', ...style },
    b.text,
  )

/**
 * A 1920×1080 slide: the QR code, the title and offer beside it, and the short address in large type
 * across the bottom, always whole on one line. Sizes and cuts come from app/lib/slide-layout.ts.
 */
export async function renderSlidePng(input: SlideText & { payload: string; accent: string }) {
  const layout = slideLayout(input)
  const [{ default: satori }, { Resvg }, qr] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
    renderQrPng(input.payload, layout.qr),
  ])
  const b = SLIDE_BOX
  const blocks = [
    layout.title.text && block(layout.title, { fontWeight: 700, color: '#0b1020' }),
    layout.offerTitle.text && block(layout.offerTitle, { fontWeight: 700, color: '#1f2937' }),
    layout.offerPromise.text && block(layout.offerPromise, { color: '#374151' }),
  ].filter(Boolean)
  const tree = el(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      padding: b.padding,
      background: '#ffffff',
      color: '#0b1020',
      fontFamily: 'Inter',
    },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: b.columnGap, height: layout.column.height }, [
        { type: 'img', props: { src: `data:image/png;base64,${qr.toString('base64')}`, width: layout.qr, height: layout.qr } },
        el('div', { display: 'flex', flexDirection: 'column', width: layout.column.width, gap: b.blockGap }, [
          el('div', { display: 'flex', height: b.accentBar, width: 160, background: input.accent, borderRadius: 4 }),
          ...blocks,
        ]),
      ]),
      el('div', { display: 'flex', flexDirection: 'column', marginTop: b.bandGap, gap: b.labelGap }, [
        el('div', { display: 'flex', fontSize: b.labelSize, lineHeight: 1.25, color: '#4b5563' }, 'Scan the code or type'),
        el(
          'div',
          {
            display: 'flex',
            alignItems: 'center',
            height: Math.ceil(b.addressMaxSize * b.addressLineHeight),
            fontSize: layout.address.size,
            fontWeight: 700,
            whiteSpace: 'nowrap',
            // Inter's contextual alternates draw the x of "2x8" as "×": the address must print as typed.
            fontFeatureSettings: '"calt" 0',
          },
          layout.address.text,
        ),
      ]),
    ],
  )
  const svg = await satori(tree as never, { width: layout.width, height: layout.height, fonts: await loadFonts() })
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: layout.width } }).render().asPng())
}

/** What a session's downloads print: its code, and the slide's title, offer and accent colour. */
export type SessionPrint = {
  code: string
  headline: string
  talkTitle: string
  offerTitle: string
  offerPromise: string
  accentColor: string
}

export type SessionDownload = { body: Buffer; type: string; suffix: string }

/**
 * One download of a session (issue 9 §3): its QR code (SVG, or PNG at 1024 or 2048 px) or its slide,
 * with the content type and the file name's ending. /app/sessions/{id}/qr/{format} serves it, and
 * an event's QR ZIP (event-qr-zip.server.ts) packs the same files. The code encodes
 * {APP_URL}/t/{code}?qr=1, from config, never from request headers.
 */
export async function renderSessionDownload(session: SessionPrint, format: QrFormat, appUrl: string): Promise<SessionDownload> {
  const payload = qrPayload(appUrl, session.code)
  switch (format) {
    case 'svg':
      return { body: Buffer.from(await renderQrSvg(payload), 'utf8'), type: 'image/svg+xml', suffix: 'qr.svg' }
    case 'png-1024':
    case 'png-2048': {
      const size = format === 'png-1024' ? 1024 : 2048
      return { body: await renderQrPng(payload, size), type: 'image/png', suffix: `qr-${size}.png` }
    }
    case 'slide': {
      const body = await renderSlidePng({
        ...slideText(session, displayShortUrl(appUrl, session.code)),
        payload,
        accent: session.accentColor,
      })
      return { body, type: 'image/png', suffix: 'slide.png' }
    }
  }
}
