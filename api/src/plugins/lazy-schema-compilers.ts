import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own compilers (Ajv for validation, fast-json-stringify for responses), each route's function compiled on
 * its first request instead of at start-up. A schema that cannot compile fails its first request (the OpenAPI walk in security.fuzz calls every route). Compiling
 * all of them was about 0.8 CPU seconds of every start (a third of
 * a test app's start; every process restart waits on it), for routes of which a process may serve a handful; the first
 * request of a route pays a few milliseconds instead. The functions compiled are the ones Fastify would have made.
 */
export const lazySchemaCompilers: NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'] = {
  buildValidator: compiledOnFirstUse(AjvCompiler()),
  buildSerializer: compiledOnFirstUse(SerializerSelector()),
};

type Compiled = ((data: unknown) => unknown) & { errors?: unknown };

function compiledOnFirstUse<Options extends unknown[], Route, Fn extends Compiled>(factory: (...options: Options) => (route: Route) => Fn) {
  return (...options: Options) => {
    const compile = factory(...options);
    return (route: Route): Fn => {
      let compiled: Fn | undefined;
      const lazy = ((data: unknown) => {
        compiled ??= compile(route);
        const result = compiled(data);
        // Fastify reads a failed validation's reasons from the function it was given.
        lazy.errors = compiled.errors;
        return result;
      }) as Fn;
      return lazy;
    };
  };
}
