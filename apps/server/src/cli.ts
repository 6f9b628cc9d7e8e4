import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';

/** Command-line entry: `db:migrate`, and `corpus …` once the corpus commands exist. */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === 'db:migrate') {
    const deps = await createDeps(loadConfig());
    deps.logger.info('database is at the latest migration');
    await deps.close();
    return 0;
  }
  process.stderr.write(
    `Unknown command: ${command ?? '(none)'}\nUsage: cli.ts db:migrate | corpus <subcommand>\n`,
  );
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
