import type { ServerResponse } from 'node:http';

/**
 * Sent on every response. API answers are JSON that no page should render, frame or sniff as
 * another type, so they get the strictest policy; the pages (static-pages.ts) replace the
 * Content-Security-Policy with their own when they write their head, which takes precedence.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // For browsers without CSP level 2; frame-ancestors below says the same.
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  // Other sites cannot embed answers with <script> or <img> (no-cors loads); CORS fetches (cors.ts) are unaffected.
  'cross-origin-resource-policy': 'same-site',
};

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
