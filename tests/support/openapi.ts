/* The API's own OpenAPI document, read the way an attacker's tool would: every route, its inputs and their types. */
import fc from 'fast-check';

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
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  const?: unknown;
  additionalProperties?: boolean | Schema;
  default?: unknown;
};

export type Parameter = {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
};

export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<
    string,
    { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }
  >;
  security?: unknown[];
  summary?: string;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export type Route = { method: string; path: string; operation: Operation };

export function routesOf(document: OpenApiDocument): Route[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

export function resolve(document: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref) return resolve(document, document.components?.schemas?.[schema.$ref.split('/').at(-1)!] ?? {});
  if (schema.allOf?.length)
    return schema.allOf.reduce<Schema>((merged, part) => ({ ...merged, ...resolve(document, part) }), {});
  return schema;
}

const typeOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** A plausible value for a schema: what a well-behaved client would send. */
export function sample(document: OpenApiDocument, raw: Schema, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length || schema.oneOf?.length) return sample(document, (schema.anyOf ?? schema.oneOf)![0]!, depth);
  switch (typeOf(schema)) {
    case 'object':
      if (depth > 5) return {};
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          sample(document, property, depth + 1),
        ]),
      );
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

export const isNumeric = (document: OpenApiDocument, schema: Schema | undefined) =>
  ['integer', 'number'].includes(typeOf(resolve(document, schema ?? {})) ?? '');
export const isString = (document: OpenApiDocument, schema: Schema | undefined) =>
  typeOf(resolve(document, schema ?? {})) === 'string';

/** A JSON body schema of an operation, if it takes one. */
export const jsonBodyOf = (operation: Operation) => operation.requestBody?.content['application/json']?.schema;

/*
 * Generated values for a schema, for the contract test: `valid` values the document allows (its
 * bounds, patterns, formats and enums included), `edges` the allowed values at each bound, and
 * `invalid` values it rules out, each with what it breaks.
 */

/** Characters a valid generated string is made of: letters of three scripts, digits, a few marks; no spaces to trim. */
const textUnit = fc.constantFrom(...'abcdefghijkXYZ0123456789-_.éñ中文马'.split(''));

const lowerBound = (schema: Schema) =>
  schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
const upperBound = (schema: Schema) =>
  schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);

/** An arbitrary of the values a schema allows. */
export function arbitraryOf(document: OpenApiDocument, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => arbitraryOf(document, choice, depth)));
  const types = [schema.type ?? []].flat();
  if (types.length > 1)
    return fc.oneof(
      ...types.map((type) => (type === 'null' ? fc.constant(null) : arbitraryOf(document, { ...schema, type }, depth))),
    );
  switch (types[0]) {
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = Object.entries(schema.properties ?? {}).map(
        ([name, property]) => [name, arbitraryOf(document, property, depth + 1)] as const,
      );
      return fc.record(Object.fromEntries(properties), { requiredKeys: (schema.required ?? []) as never[] });
    }
    case 'array':
      return fc.array(depth > 6 ? fc.constant(null) : arbitraryOf(document, schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'integer':
    case 'number': {
      const step = schema.multipleOf ?? (types[0] === 'integer' ? 1 : undefined);
      const min = lowerBound(schema) ?? (upperBound(schema) ?? 1000) - 1000;
      const max = upperBound(schema) ?? min + 1000;
      if (step === undefined) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      const multiples = fc
        .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
        .map((multiple) => multiple * step);
      // Without a maximum the document allows any safe integer: generate large ones too.
      return upperBound(schema) === undefined
        ? fc.oneof(multiples, fc.integer({ min, max: Number.MAX_SAFE_INTEGER }))
        : multiples;
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    default:
      return fc.constant(null);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 24, Math.max(minLength, 24));
  const fits = (text: string) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'email') {
    const part = fc.string({
      unit: fc.constantFrom(...'abcdefghxyz0123456789'.split('')),
      minLength: 1,
      maxLength: 10,
    });
    return fc
      .tuple(part, part)
      .map(([local, domain]) => `${local}@${domain}.example`)
      .filter(fits);
  }
  if (schema.format === 'date')
    return fc
      .integer({ min: 0, max: 3650 })
      .map((days) => new Date(Date.UTC(2024, 0, 1) + days * 86_400_000).toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .integer({ min: 0, max: 3650 })
      .map((days) => new Date(Date.UTC(2024, 0, 1) + days * 86_400_000).toISOString());
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.string({ unit: textUnit, minLength, maxLength });
}

/** The allowed values at a schema's bounds (none for a schema without bounds). */
export function edgesOf(document: OpenApiDocument, raw: Schema): unknown[] {
  const schema = resolve(document, raw);
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    const step = schema.multipleOf ?? 1;
    const min = lowerBound(schema);
    const max = upperBound(schema);
    // Without a maximum, the largest integers a client may send: past 32 bits, and the largest exact one.
    const highest =
      max === undefined
        ? type === 'integer'
          ? [2 ** 31, Number.MAX_SAFE_INTEGER]
          : []
        : [Math.floor(max / step) * step];
    return [...(min === undefined ? [] : [Math.ceil(min / step) * step]), ...highest];
  }
  if (type === 'string' && !schema.pattern && !schema.format && !schema.enum) {
    return [schema.minLength, schema.maxLength]
      .filter((length) => length !== undefined && length > 0)
      .map((length) => 'a'.repeat(length!));
  }
  return [];
}

/** Values a schema rules out, and why: past each bound, the wrong type, outside the enum. */
export function invalidValuesOf(document: OpenApiDocument, raw: Schema): { value: unknown; breaks: string }[] {
  const schema = resolve(document, raw);
  const type = typeOf(schema);
  const values: { value: unknown; breaks: string }[] = [{ value: wrongType(document, schema), breaks: 'type' }];
  if (type === 'integer' || type === 'number') {
    const min = lowerBound(schema);
    const max = upperBound(schema);
    if (min !== undefined) values.push({ value: min - 1, breaks: 'minimum' });
    if (max !== undefined)
      values.push({ value: max + 1, breaks: 'maximum' }, { value: 2 ** 53, breaks: 'maximum (2^53)' });
    if (schema.multipleOf && schema.multipleOf > 1 && min !== undefined)
      values.push({ value: Math.ceil(min / schema.multipleOf) * schema.multipleOf + 1, breaks: 'multipleOf' });
    if (type === 'integer') values.push({ value: (min ?? 0) + 1.5, breaks: 'integer' });
  }
  if (type === 'string') {
    if (schema.maxLength !== undefined) values.push({ value: 'a'.repeat(schema.maxLength + 1), breaks: 'maxLength' });
    if (schema.enum?.length) values.push({ value: 'not-one-of-them', breaks: 'enum' });
    if (schema.format === 'email') values.push({ value: 'not an email', breaks: 'format' });
  }
  return values;
}
