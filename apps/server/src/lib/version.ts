import { readFileSync } from 'node:fs';

/** The Threadcart version: the root package.json's `version`, read once when first imported. */
export const THREADCART_VERSION: string = (() => {
  const root = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version?: unknown;
  };
  return typeof root.version === 'string' ? root.version : '0.0.0';
})();
