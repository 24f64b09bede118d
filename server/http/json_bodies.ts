import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The zod validator, except that a route whose body has a schema takes no raw bytes: anything not
 * JSON arrives as a Buffer (app.ts' catch-all parser, for uploads), and an object schema whose
 * fields all have defaults would read a Buffer as "every field at its default" — a form post to
 * PUT /apps/config would reset the whole configuration (found by tests/server/fuzz.test.ts).
 * Routes that take a form convert it before validation (app_layers.ts), so they still pass.
 */
export const jsonBodyValidator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return validate;
  return (data) => (Buffer.isBuffer(data) ? { error: new Error('body must be JSON') } : validate(data));
};
