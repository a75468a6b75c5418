import { randomUUID } from 'node:crypto';
import type { Compilable, CompiledQuery } from 'kysely';

/**
 * A query whose shape never changes, built and compiled by Kysely once: each call only puts its
 * values where the placeholders went. Building and compiling a join costs tens of microseconds,
 * more than SQLite takes to run it, and it ran on every request (the session's lookup; issue 15).
 * Run the result with `executor.executeQuery`. `build` must pass each value as a parameter
 * (Kysely does, for values compared in where/on); a value it inlined fails the first call.
 */
export function precompiled<R>(build: (...values: string[]) => Compilable<R>, arity: number): (...values: string[]) => CompiledQuery<R> {
  const placeholders = Array.from({ length: arity }, () => `precompiled:${randomUUID()}`);
  let compiled: { query: CompiledQuery<R>; positions: Array<number | undefined> } | undefined;
  return (...values) => {
    if (values.length !== arity) throw new Error(`precompiled query takes ${arity} values, got ${values.length}`);
    if (!compiled) {
      const query = build(...placeholders).compile();
      const positions = query.parameters.map((p) => (typeof p === 'string' ? placeholders.indexOf(p) : -1)).map((i) => (i < 0 ? undefined : i));
      if (placeholders.some((_, i) => !positions.includes(i))) throw new Error('precompiled query: a value was not passed as a parameter');
      compiled = { query, positions };
    }
    const { query, positions } = compiled;
    return { ...query, parameters: query.parameters.map((p, i) => (positions[i] === undefined ? p : values[positions[i]!])) };
  };
}
