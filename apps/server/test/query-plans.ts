import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type RootOperationNode,
} from 'kysely';
import { withTransaction, type Db } from '../src/db/database.ts';
import { TEST_DIALECT } from './test-database.ts';

/** Records every statement a Kysely instance sends (`db.withPlugin(recorder)`), to read their plans afterwards. */
export class StatementRecorder implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
  /** The statements as `db` compiles them. */
  compiled(db: Db): CompiledQuery[] {
    return this.nodes.map((node) => db.getExecutor().compileQuery(node, { queryId: 'plan' } as never));
  }
}

/**
 * A statement's plan: SQLite's `explain query plan` details, or PostgreSQL's `explain` with the planner methods
 * `off` turned off for it (as the repository turns them off for its own statements).
 */
export async function explainStatement(
  db: Db,
  compiled: CompiledQuery,
  off: readonly string[],
): Promise<string> {
  if (TEST_DIALECT === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.map((r) => r.detail).join('\n');
  }
  return withTransaction(db, async (trx) => {
    await sql`select ${sql.join(off.map((name) => sql`set_config(${name}, 'off', true)`))}`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
