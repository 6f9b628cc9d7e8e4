import { z } from 'zod';

// The site's CSP has no 'unsafe-eval' (docs/security.md): zod's compiled parsers probe `Function('')` first, which the
// browser refuses and reports as a violation. Its interpreted parsers need no eval. Imported first by main.tsx, so
// that it holds before any module parses with zod at load time.
z.config({ jitless: true });
