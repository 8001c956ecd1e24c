// Kept apart from schemas.ts so the shell can use it without loading zod.
/** A post-login target: same-origin relative paths only (never //host or a scheme). */
export function safeRedirectPath(value: string | null | undefined, fallback = '/homepage'): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return fallback;
    const path = url.pathname + url.search + url.hash;
    // Dot segments resolve only now ('/.//evil.example' → '//evil.example'): check the result too.
    return path.startsWith('//') || path.startsWith('/\\') ? fallback : path;
  } catch {
    return fallback;
  }
}
