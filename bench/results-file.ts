// bench/RESULTS.md: each bench owns one "## <heading>" section and replaces it (or appends it) when it runs.
import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_FILE = path.resolve(import.meta.dirname, 'RESULTS.md');

/** Replaces the section that starts with `## <heading>` (up to the next `## `) with `section`, or appends it. */
export function writeResultsSection(heading: string, section: string): void {
  const current = fs.existsSync(RESULTS_FILE)
    ? fs.readFileSync(RESULTS_FILE, 'utf8')
    : '# Benchmark results\n';
  const start = current.indexOf(`## ${heading}`);
  let next: string;
  if (start < 0) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + 1);
    next = current.slice(0, start) + section + (end < 0 ? '' : `\n${current.slice(end + 1)}`);
  }
  fs.writeFileSync(RESULTS_FILE, next.endsWith('\n') ? next : `${next}\n`);
  console.log(`wrote the ${heading} section of ${RESULTS_FILE}`);
}
