import fs from 'node:fs';
import path from 'node:path';

export interface InputFile {
  readonly path: string;
  readonly size: number;
}

/**
 * The files to ingest: each argument that is a file, and every regular file under each directory (recursively,
 * in name order, hidden entries skipped). A path that does not exist is returned in `missing`.
 */
export async function expandPaths(
  paths: readonly string[],
): Promise<{ files: InputFile[]; missing: string[] }> {
  const files: InputFile[] = [];
  const missing: string[] = [];
  for (const p of paths) {
    const stat = await fs.promises.stat(p).catch(() => undefined);
    if (!stat) missing.push(p);
    else if (stat.isDirectory()) await walk(p, files);
    else files.push({ path: p, size: stat.size });
  }
  return { files, missing };
}

async function walk(dir: string, out: InputFile[]): Promise<void> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, out);
    else if (entry.isFile()) out.push({ path: full, size: (await fs.promises.stat(full)).size });
  }
}
