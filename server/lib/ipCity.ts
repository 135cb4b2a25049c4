/**
 * IP → place, offline (no network call at request time). A deliberately tiny built-in table:
 * loopback and private ranges (RFC 1918, RFC 4193, link-local, CGNAT) and a few public Chinese
 * resolver ranges whose city is well known. Anything else answers null (shown as "--"); a full
 * database (e.g. ip2region xdb) can replace `PLACES` without changing callers.
 * The answer is a place key; the console names it in zh or en (logs locale, `place.<key>`).
 */
interface Range {
  base: bigint
  bits: number
  v6: boolean
  place: string
}

function v4(ip: string): bigint | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip)
  if (!m) return null
  let n = 0n
  for (let i = 1; i <= 4; i++) {
    const b = Number(m[i])
    if (b > 255) return null
    n = (n << 8n) | BigInt(b)
  }
  return n
}

function v6(ip: string): bigint | null {
  if (!ip.includes(':') || ip.length > 45) return null
  const [head = '', tail] = ip.split('::') as [string, string | undefined]
  const parts = (s: string | undefined) => (s ? s.split(':') : [])
  const h = parts(head)
  const t = parts(tail)
  if (tail === undefined && h.length !== 8) return null
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t]
  if (groups.length !== 8) return null
  let n = 0n
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null
    n = (n << 16n) | BigInt(parseInt(g, 16))
  }
  return n
}

function range(cidr: string, place: string): Range {
  const [addr = '', bits = '0'] = cidr.split('/')
  const isV6 = addr.includes(':')
  const base = (isV6 ? v6(addr) : v4(addr)) ?? 0n
  return { base, bits: Number(bits), v6: isV6, place }
}

export const PLACES: Range[] = [
  range('127.0.0.0/8', 'loopback'),
  range('::1/128', 'loopback'),
  range('10.0.0.0/8', 'private'),
  range('172.16.0.0/12', 'private'),
  range('192.168.0.0/16', 'private'),
  range('100.64.0.0/10', 'private'),
  range('169.254.0.0/16', 'private'),
  range('fc00::/7', 'private'),
  range('fe80::/10', 'private'),
  // public resolvers in mainland China (well-known addresses, city of their operator)
  range('114.114.114.0/24', 'nanjing'),
  range('114.114.115.0/24', 'nanjing'),
  range('223.5.5.0/24', 'hangzhou'),
  range('223.6.6.0/24', 'hangzhou'),
  range('119.29.29.0/24', 'shenzhen'),
  range('180.76.76.0/24', 'beijing'),
  range('101.226.4.0/24', 'shanghai'),
]

/** The place key of an address (IPv4, IPv6, IPv4-mapped IPv6), or null when the table does not know it. */
export function ipCity(ip: string | null | undefined): string | null {
  if (!ip) return null
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  const addr = mapped?.[1] ?? ip
  const n4 = v4(addr)
  const n = n4 ?? v6(addr)
  if (n === null) return null
  const width = n4 !== null ? 32n : 128n
  for (const r of PLACES) {
    if (r.v6 !== (n4 === null)) continue
    const shift = width - BigInt(r.bits)
    if (n >> shift === r.base >> shift) return r.place
  }
  return null
}

/** Browser name and version and OS from a User-Agent (or the login's carrier), for the login log. */
export function terminalOf(
  userAgent: string | null | undefined,
  carrier: string | null | undefined,
): {
  terminal: string | null
  terminalVersion: string | null
  os: string | null
} {
  const ua = userAgent ?? ''
  const os = /Windows NT 10/.test(ua)
    ? 'Windows 10/11'
    : (/Windows NT [\d.]+/.exec(ua)?.[0]?.replace('NT ', '') ??
      /Android [\d.]+/.exec(ua)?.[0] ??
      (/iPhone OS ([\d_]+)/.exec(ua) ? `iOS ${/iPhone OS ([\d_]+)/.exec(ua)![1]!.replace(/_/g, '.')}` : null) ??
      (/Mac OS X ([\d_]+)/.exec(ua) ? `macOS ${/Mac OS X ([\d_]+)/.exec(ua)![1]!.replace(/_/g, '.')}` : null) ??
      (/HarmonyOS/.test(ua) ? 'HarmonyOS' : /Linux/.test(ua) ? 'Linux' : null))
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg\/([\d.]+)/],
    ['WeChat', /MicroMessenger\/([\d.]+)/],
    ['Chrome', /Chrome\/([\d.]+)/],
    ['Firefox', /Firefox\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ]
  for (const [name, re] of browsers) {
    const m = re.exec(ua)
    if (m) return { terminal: name, terminalVersion: m[1] ?? null, os }
  }
  // the login's carrier, "browser/version" or "browser version"
  const c = /^\s*([^/\s]+)[/\s]+([\w.]+)/.exec(carrier ?? '')
  return { terminal: c?.[1] ?? carrier ?? null, terminalVersion: c?.[2] ?? null, os }
}
