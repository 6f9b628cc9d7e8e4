import type { FastifyHelmetOptions } from '@fastify/helmet';

/** HSTS, once a browser has seen it over https: a year, subdomains included. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * @fastify/helmet's options for every answer (docs/security.md, "Headers"): a CSP that fits the SPA Vite builds (its
 * scripts and styles are files from this origin; React sets inline styles) and the Swagger UI at /api/docs/, plus
 * Google's tag manager; no framing by anyone (frame-ancestors 'none' and X-Frame-Options DENY); HSTS only when the
 * site is served over https (APP_URL), since over plain http it would pin a local install to https it cannot serve.
 */
export function securityHeaders(appUrl: string): FastifyHelmetOptions {
  const isHttps = appUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.googletagmanager.com'],
        connectSrc: ["'self'", 'https://*.google-analytics.com', 'https://www.googletagmanager.com'],
        imgSrc: ["'self'", 'data:', 'https://*.google-analytics.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: isHttps ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}
