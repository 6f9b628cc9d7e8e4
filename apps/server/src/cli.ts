import { loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { runAdminCli } from './cli/admin-cli.ts';
import { runCorpusCli } from './cli/corpus-cli.ts';
import { runMailCli } from './cli/mail-cli.ts';
import { explainStartupError, runStartup } from './lib/startup-errors.ts';

/**
 * Command-line entry: `db:migrate`, `corpus ingest|generate|stats` (cli/corpus-cli.ts), `admin grant|revoke`,
 * `mail <address>` (the outbox's mails to an address).
 */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === 'db:migrate') {
    const config = await runStartup(() => loadConfig());
    const deps = await runStartup(() => createDeps(config), config);
    deps.logger.info('database is at the latest migration');
    await deps.close();
    return 0;
  }
  if (command === 'corpus') {
    const config = await runStartup(() => loadConfig());
    return runCorpusCli(argv.slice(1), {
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      isTty: Boolean(process.stderr.isTTY),
      cwd: config.invocationDir,
      // The corpus CLI prints an error's message on one line: make it the one that names the setting.
      createDeps: () =>
        createDeps(config).catch((error: unknown) => {
          throw explainStartupError(error, config) ?? error;
        }),
    });
  }
  if (command === 'admin') {
    const config = await runStartup(() => loadConfig());
    return runAdminCli(argv.slice(1), {
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      createDeps: () =>
        createDeps(config).catch((error: unknown) => {
          throw explainStartupError(error, config) ?? error;
        }),
    });
  }
  if (command === 'mail') {
    const config = await runStartup(() => loadConfig());
    return runMailCli(argv.slice(1), {
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      createDeps: () =>
        createDeps(config).catch((error: unknown) => {
          throw explainStartupError(error, config) ?? error;
        }),
    });
  }
  process.stderr.write(
    `Unknown command: ${command ?? '(none)'}\nUsage: cli.ts db:migrate | corpus <subcommand> | admin grant|revoke <username> | mail <address>\n`,
  );
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
