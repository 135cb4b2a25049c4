/** `${browserName} ${version}` from a user-agent string (the `carrier` of the login call). */
export function browserCarrier(userAgent: string): string {
  const rules: [string, RegExp][] = [
    ['WeChat', /MicroMessenger\/([\d.]+)/],
    ['QQBrowser', /QQBrowser\/([\d.]+)/],
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ]
  for (const [name, re] of rules) {
    const m = re.exec(userAgent)
    if (m) return `${name} ${m[1]}`
  }
  return 'Unknown 0'
}
