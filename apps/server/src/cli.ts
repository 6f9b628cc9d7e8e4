import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { runCorpusCli } from './corpus/cli/corpus-cli.ts';

/** Command-line entry: `db:migrate` and `corpus ingest|generate|stats` (corpus/cli/corpus-cli.ts). */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === 'db:migrate') {
    const deps = await createDeps(loadConfig());
    deps.logger.info('database is at the latest migration');
    await deps.close();
    return 0;
  }
  if (command === 'corpus') return runCorpusCli(argv.slice(1));
  process.stderr.write(
    `Unknown command: ${command ?? '(none)'}\nUsage: cli.ts db:migrate | corpus <subcommand>\n`,
  );
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
