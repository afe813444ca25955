import type { Compilable, CompiledQuery } from 'kysely';
import type { DatabaseHandle, Db } from './database.ts';

interface Template<R, V> {
  compiled: CompiledQuery<R>;
  /** For each parameter of the compiled SQL, the value it takes from each call, or undefined for a constant. */
  slots: (keyof V | undefined)[];
}

/**
 * A hot query built and compiled by Kysely once per database handle, then run as the prepared statement `name`
 * (DatabaseHandle.executePrepared) with each call's values bound: building and compiling cost 20–60 µs a call, as
 * much as the rest of a cached signed-in request. `build` receives stand-ins for the values and may only hand them
 * to the builder as values, never compute with them (a date's month, a string's pattern): those go in as values of
 * their own.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(name: string, build: (db: Db, values: V) => Compilable<R>): (database: DatabaseHandle, values: V) => Promise<R[]> {
  const templates = new WeakMap<DatabaseHandle, Template<R, V>>();
  const compile = (database: DatabaseHandle): Template<R, V> => {
    const standIns = new Map<unknown, keyof V>();
    const values = new Proxy({} as V, {
      get: (_target, key) => {
        const standIn = { standInFor: key };
        standIns.set(standIn, key as keyof V);
        return standIn;
      },
    });
    const compiled = build(database.db, values).compile();
    return { compiled, slots: compiled.parameters.map((parameter) => standIns.get(parameter)) };
  };
  return (database, values) => {
    let template = templates.get(database);
    if (!template) templates.set(database, (template = compile(database)));
    const { compiled, slots } = template;
    const parameters = slots.map((slot, i) => (slot === undefined ? compiled.parameters[i] : values[slot]));
    return database.executePrepared(name, { ...compiled, parameters });
  };
}
