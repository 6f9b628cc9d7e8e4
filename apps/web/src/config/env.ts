import { z } from 'zod';

const EnvSchema = z.object({
  /** GA4 measurement id; page views go to Google Analytics only when it is set. */
  VITE_GA_MEASUREMENT_ID: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
      .optional(),
  ),
  MODE: z.string().default('production'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the build-time variables once; an invalid one stops the app with a readable list. */
export function parseEnv(source: Record<string, unknown>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return Object.freeze(parsed.data);
}

export const env = parseEnv(import.meta.env);
