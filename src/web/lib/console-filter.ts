// Spec 01 §8: logged errors never show e-mails, tokens or phone numbers; log/debug/info are silent.
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const TOKEN = /((?:token|access_token|refresh_token|otp|password)=)[^&\s"']+|\b(?:eyJ[\w-]+\.[\w-]+\.[\w-]+|[A-Za-z0-9_-]{32,})\b/g;
const PHONE = /\+?\d[\d ().-]{7,}\d/g;

export function maskSensitive(value: unknown): unknown {
  if (typeof value === 'string') {
    return value
      .replace(EMAIL, '[email]')
      .replace(TOKEN, (_m, param: string | undefined) => (param ? `${param}[token]` : '[token]'))
      .replace(PHONE, '[phone]');
  }
  if (value instanceof Error) {
    const masked = new Error(maskSensitive(value.message) as string);
    masked.name = value.name;
    return masked;
  }
  return value;
}

export function installConsoleFilter(target: Console = console) {
  const error = target.error.bind(target);
  const warn = target.warn.bind(target);
  target.log = () => {};
  target.debug = () => {};
  target.info = () => {};
  target.error = (...args: unknown[]) => error(...args.map(maskSensitive));
  target.warn = (...args: unknown[]) => warn(...args.map(maskSensitive));
}
