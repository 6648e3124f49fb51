/* The API's own OpenAPI document, read the way an attacker's tool would: every route, its inputs and their types. */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  default?: unknown;
};

export type Parameter = { name: string; in: 'query' | 'path' | 'header' | 'cookie'; required?: boolean; schema?: Schema };

export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  security?: unknown[];
  summary?: string;
};

export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

export type Route = { method: string; path: string; operation: Operation };

export function routesOf(document: OpenApiDocument): Route[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

export function resolve(document: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref) return resolve(document, document.components?.schemas?.[schema.$ref.split('/').at(-1)!] ?? {});
  if (schema.allOf?.length) return schema.allOf.reduce<Schema>((merged, part) => ({ ...merged, ...resolve(document, part) }), {});
  return schema;
}

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** A plausible value for a schema: what a well-behaved client would send. */
export function sample(document: OpenApiDocument, raw: Schema, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length || schema.oneOf?.length) return sample(document, (schema.anyOf ?? schema.oneOf)![0]!, depth);
  switch (typeOf(schema)) {
    case 'object':
      if (depth > 5) return {};
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(document, property, depth + 1)]));
    case 'array':
      return depth > 5 ? [] : [sample(document, schema.items ?? {}, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'email' ? 'someone@example.com' : 'abc12345';
    default:
      return null;
  }
}

/** A value of the wrong type for a schema. */
export function wrongType(document: OpenApiDocument, raw: Schema): unknown {
  const schema = resolve(document, raw);
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'abc';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return 'not an object';
    default:
      return { unexpected: true };
  }
}

export const isNumeric = (document: OpenApiDocument, schema: Schema | undefined) => ['integer', 'number'].includes(typeOf(resolve(document, schema ?? {})) ?? '');
export const isString = (document: OpenApiDocument, schema: Schema | undefined) => typeOf(resolve(document, schema ?? {})) === 'string';

/** A JSON body schema of an operation, if it takes one. */
export const jsonBodyOf = (operation: Operation) => operation.requestBody?.content['application/json']?.schema;
