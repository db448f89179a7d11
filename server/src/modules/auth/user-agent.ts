/**
 * A readable device name from a User-Agent header ("Chrome on macOS", "Safari on iPhone"),
 * for the login device list. Deliberately small: the browsers and systems people sign in from.
 */
const browsers: Array<[RegExp, string]> = [
  [/MicroMessenger\//, 'WeChat'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\/|Mobile\/\w+ Safari|AppleWebKit.*Mobile\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const systems: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/HarmonyOS/, 'HarmonyOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

const find = (ua: string, table: Array<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = find(ua, browsers);
  const system = find(ua, systems);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
