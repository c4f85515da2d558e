// Which IP addresses outgoing requests to user-given URLs (webhooks) may reach (ARCHITECTURE
// decision 17, docs/webhooks.md). Pure: the SSRF guard (app/services/safe-fetch.server.ts) applies it
// to every address a host resolves to at send time, and the endpoint form to IP literals on save.

/** Why an address is refused (shown in the delivery log), or null when it is a public address. */
export type BlockedReason =
  'unspecified' | 'loopback' | 'private' | 'link-local' | 'shared' | 'multicast' | 'reserved' | 'documentation' | 'invalid'

type Range = [base: number[], bits: number, reason: BlockedReason]

const V4: Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'], // "this network"
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'], // carrier-grade NAT
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'], // includes the cloud metadata address 169.254.169.254
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'], // IETF protocol assignments
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, 'reserved'], // 6to4 relay anycast
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'], // benchmarking
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'], // includes 255.255.255.255
]

// As 16 bytes.
const V6: Range[] = [
  [[0xfc], 7, 'private'], // unique local
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'private'], // deprecated site-local
  [[0xff], 8, 'multicast'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'],
  [[0x01, 0, 0, 0, 0, 0, 0, 0], 64, 'reserved'], // discard-only
  [[0x20, 0x01, 0, 0], 23, 'reserved'], // IETF protocol assignments (Teredo, ORCHID, …)
]

function inRange(bytes: number[], [base, bits]: Range) {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i)
    const mask = (0xff << (8 - take)) & 0xff
    if (((bytes[i / 8] ?? 0) & mask) !== ((base[i / 8] ?? 0) & mask)) return false
  }
  return true
}

/** Four bytes of a dotted-quad IPv4 address (no shorthand forms), or null. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN))
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null
}

/** Sixteen bytes of an IPv6 address (with `::`, an embedded IPv4 tail, brackets or a zone), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, '')
  s = s.replace(/%.*$/, '')
  if (!s.includes(':')) return null
  let tail: number[] = []
  const lastColon = s.lastIndexOf(':')
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(s.slice(lastColon + 1))
    if (!v4) return null
    tail = v4
    s = `${s.slice(0, lastColon + 1)}0:0`
  }
  const halves = s.split('::')
  if (halves.length > 2) return null
  const groups = (h: string) => (h === '' ? [] : h.split(':'))
  const head = groups(halves[0]!)
  const rest = halves.length === 2 ? groups(halves[1]!) : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  const bytes: number[] = []
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null
    const n = parseInt(g, 16)
    bytes.push(n >> 8, n & 0xff)
  }
  if (tail.length) bytes.splice(12, 4, ...tail)
  return bytes
}

function v4Reason(bytes: number[]): BlockedReason | null {
  return V4.find((r) => inRange(bytes, r))?.[2] ?? null
}

/**
 * Null when the address is public and may be reached; else why not. Anything that is not an IP
 * address is 'invalid'. IPv4 inside IPv6 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) is judged by its IPv4 address.
 */
export function blockedAddressReason(address: string): BlockedReason | null {
  const v4 = parseIPv4(address)
  if (v4) return v4Reason(v4)
  const b = parseIPv6(address)
  if (!b) return 'invalid'
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  if (zeros(0, 16)) return 'unspecified'
  if (zeros(0, 15) && b[15] === 1) return 'loopback'
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4Reason(b.slice(12))
  if (zeros(0, 12)) return 'reserved' // deprecated IPv4-compatible ::a.b.c.d
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4Reason(b.slice(12)) ?? null
  if (b[0] === 0x20 && b[1] === 0x02) return v4Reason(b.slice(2, 6))
  return V6.find((r) => inRange(b, r))?.[2] ?? null
}

/**
 * True for a connection from this machine: 127.0.0.0/8, ::1, or IPv4-mapped ::ffff:127.x.x.x (how
 * Node reports an IPv4 peer on a dual-stack socket). Anything else, or not an address, is false.
 */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false
  const v4 = parseIPv4(address)
  if (v4) return v4[0] === 127
  const b = parseIPv6(address)
  if (!b) return false
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  if (zeros(0, 15) && b[15] === 1) return true
  return zeros(0, 10) && b[10] === 0xff && b[11] === 0xff && b[12] === 127
}

export const BLOCKED_REASON_LABELS: Record<BlockedReason, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  shared: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  documentation: 'a documentation address',
  invalid: 'not an IP address',
}

/** Lower-cased `host:port` entries of WEBHOOK_ALLOWED_HOSTS (IPv6 hosts without brackets). */
export function parseAllowedHosts(setting: string | undefined): Set<string> {
  const entries = (setting ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  return new Set(entries.map((e) => e.replace(/^\[([^\]]+)\]:/, '$1:')))
}

/** The `host:port` key of a URL as WEBHOOK_ALLOWED_HOSTS names it (default ports filled in). */
export function hostPortKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return `${url.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`
}
