import QRCode from 'qrcode'
import { loadFonts } from './og.server'

// QR codes of session pages (issue 9 §3): error correction Q (a quarter of the code may be covered
// or damaged and it still reads), the 4-module quiet zone the standard asks for, black on white.

export const QR_ERROR_CORRECTION = 'Q'
export const QR_QUIET_ZONE = 4
export const QR_PNG_SIZES = [1024, 2048] as const
export const SLIDE_WIDTH = 1920
export const SLIDE_HEIGHT = 1080
const SLIDE_QR = 760

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
const el = (type: string, props: Record<string, unknown>, children?: unknown): Node => ({ type, props: { ...props, children } })

/** A 1920×1080 slide: the QR code, the short URL in large type, and the offer line. */
export async function renderSlidePng(input: {
  payload: string
  displayUrl: string
  headline: string
  offerLine: string
  accent: string
}) {
  const [{ default: satori }, { Resvg }, qr] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
    renderQrPng(input.payload, SLIDE_QR),
  ])
  const urlSize = input.displayUrl.length > 34 ? 56 : 72
  const tree = el(
    'div',
    {
      style: {
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        padding: 100,
        gap: 90,
        background: '#ffffff',
        color: '#0b1020',
        fontFamily: 'Inter',
      },
    },
    [
      el('img', { src: `data:image/png;base64,${qr.toString('base64')}`, width: SLIDE_QR, height: SLIDE_QR }),
      el('div', { style: { display: 'flex', flexDirection: 'column', flex: 1, gap: 36 } }, [
        el('div', { style: { display: 'flex', fontSize: 44, fontWeight: 700, lineHeight: 1.2 } }, input.headline),
        el('div', { style: { display: 'flex', fontSize: 40, lineHeight: 1.3, color: '#1f2937' } }, input.offerLine),
        el('div', { style: { display: 'flex', height: 6, width: 140, background: input.accent, borderRadius: 3 } }),
        el('div', { style: { display: 'flex', fontSize: 30, color: '#4b5563' } }, 'Scan the code or type'),
        el(
          'div',
          { style: { display: 'flex', fontSize: urlSize, fontWeight: 700, letterSpacing: -1, wordBreak: 'break-all' } },
          input.displayUrl,
        ),
      ]),
    ],
  )
  const svg = await satori(tree as never, { width: SLIDE_WIDTH, height: SLIDE_HEIGHT, fonts: await loadFonts() })
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: SLIDE_WIDTH } }).render().asPng())
}
