import type { FastifyInstance } from 'fastify';
import type { Deps } from '../src/deps.ts';

// Which Deps an app under test was built with, so that helpers given only the app (signUpAndSignIn) can read what
// the server wrote outside its API, such as the mails in the outbox.
const registry = new WeakMap<FastifyInstance, Deps>();

export function rememberDeps(app: FastifyInstance, deps: Deps): void {
  registry.set(app, deps);
}

export function depsOf(app: FastifyInstance): Deps {
  const deps = registry.get(app);
  if (!deps)
    throw new Error('this app was not built by buildTestApp (or rememberDeps was not called for it)');
  return deps;
}
