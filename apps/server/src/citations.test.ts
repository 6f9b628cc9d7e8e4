import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';

const PRODUCT_MD = path.join(REPO_ROOT, 'docs/product.md');

/** Where the code lives: every source file under these, and the lint config. */
const SOURCE_ROOTS = ['apps', 'packages', 'e2e', 'bench'];
const SOURCE_FILES = ['eslint.config.js'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.css', '.html']);
/** Installed, built or generated: not the project's own text (the ignored directories of .gitignore). */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
  'artifacts',
]);

/**
 * A pointer to the founding documents that live outside the repository (the product specification, the list of
 * product decisions and the reference notes kept beside it). Written with escapes so that this file does not match itself.
 */
const OUTSIDE_DOCUMENT =
  /\bspec \u00a7|DECISIONS \u00a7|product-spec\.md|DECISIONS\.md|shared\/(spec|DECISIONS|STYLE)\b|reference\/(paypal|reddit-data|frontend-stack|style-anchors)\.md/i;

/** `docs/product.md §6.9`, also `docs/product.md §9.3, §9.5` and `docs/product.md §2.8 and §6.2`: each number. */
const PRODUCT_CITATION = /docs\/product\.md\s+(§\d+(?:\.\d+)?(?:(?:,\s*|\s+and\s+)§\d+(?:\.\d+)?)*)/g;

function sourceFiles(): string[] {
  const files = SOURCE_FILES.map((file) => path.join(REPO_ROOT, file)).filter((file) => fs.existsSync(file));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && SOURCE_EXTENSIONS.has(path.extname(entry.name))) files.push(full);
    }
  };
  for (const root of SOURCE_ROOTS) walk(path.join(REPO_ROOT, root));
  return files;
}

/** README.md and every page under docs/: their citations of the rule book must resolve too. */
function documentFiles(): string[] {
  const files = [path.join(REPO_ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) files.push(full);
    }
  };
  walk(path.join(REPO_ROOT, 'docs'));
  return files.filter((file) => fs.existsSync(file));
}

/** The section numbers of docs/product.md: `## 6. Orders` gives 6, `### 6.9 The dry run` gives 6.9. */
function productSections(): Set<string> {
  const markdown = fs.readFileSync(PRODUCT_MD, 'utf8');
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((match) => match[1]!));
}

interface Line {
  readonly where: string;
  readonly text: string;
}

function linesOf(files: string[]): Line[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((text, index) => ({ where: `${path.relative(REPO_ROOT, file)}:${index + 1}`, text })),
  );
}

/** Every `docs/product.md §N.M` on these lines, with where it is. */
function citations(lines: Line[]): { where: string; section: string }[] {
  return lines.flatMap(({ where, text }) =>
    [...text.matchAll(PRODUCT_CITATION)].flatMap((match) =>
      [...match[1]!.matchAll(/§(\d+(?:\.\d+)?)/g)].map((number) => ({ where, section: number[1]! })),
    ),
  );
}

describe("the code cites the project's own rule book (docs/product.md, docs/decisions/)", () => {
  const sources = linesOf(sourceFiles());

  it('points no comment, test title or other text at the founding documents outside the repository', () => {
    expect(sources.length).toBeGreaterThan(10_000);
    const outside = sources
      .filter(({ text }) => OUTSIDE_DOCUMENT.test(text))
      .map(({ where, text }) => `${where}: ${text.trim()}`);
    // Each line names a document that is not in this repository: cite the docs/product.md section (or the
    // docs/decisions page) that states the rule instead, adding the rule to docs/product.md if it is missing there.
    expect(outside, `lines that cite a document outside the repository:\n${outside.join('\n')}`).toEqual([]);
  });

  it('cites only sections docs/product.md has', () => {
    const sections = productSections();
    expect(sections.has('6.9')).toBe(true);
    const cited = citations([...sources, ...linesOf(documentFiles())]);
    expect(cited.length).toBeGreaterThan(100);
    const missing = cited
      .filter(({ section }) => !sections.has(section))
      .map(({ where, section }) => `${where}: §${section}`);
    expect(missing, `citations of sections docs/product.md does not have:\n${missing.join('\n')}`).toEqual(
      [],
    );
  });
});
