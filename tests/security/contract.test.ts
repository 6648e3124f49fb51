// Over 300 lines: the generated contract fuzz and its request builders are one harness.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORD_ID_MAX } from '@/lib/record-id';
import { testPicture } from '../support/api';
import { signUp } from '../support/customers';
import { aShop } from '../support/fixtures';
import {
  arbitraryOf,
  edgesOf,
  invalidValuesOf,
  jsonBodyOf,
  resolve,
  routesOf,
  type OpenApiDocument,
  type Route,
  type Schema,
} from '../support/openapi';
import { anOperator } from '../support/operators';

/*
 * The published contract, held to what the server does. Every operation of /api/v1/openapi.json gets
 * requests generated from the document's own schemas (values it allows, at its bounds, and values it
 * rules out), as an anonymous visitor, a signed-in customer and an operator, against the real app and
 * database. What an integrator's API fuzzer checks (Schemathesis's default checks) is checked here:
 * - no answer is a server error (5xx);
 * - every status is one the operation documents, with a documented content type, and a JSON answer
 *   is valid against the documented schema;
 * - a request the document allows is not refused as malformed (400), unless a rule across fields
 *   refuses it (listed below, with why the schema cannot say it);
 * - a value past a documented bound is refused (4xx), never taken.
 * Generation is seeded (CONTRACT_SEED to replay another run) and bounded in count.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 20_261_124);
/** Generated requests per operation and caller, beside the edge and invalid ones. */
const VALID_RUNS = 3;

const shop = await aShop({
  catalogue: 'small',
  env: { RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_ACCOUNT: '1000000' },
});
const document = (await (await shop.app.request('/api/v1/openapi.json')).json()) as OpenApiDocument;
const operator = await anOperator(shop, 'admin');
const picture = await testPicture();
afterAll(() =>
  console.info(
    `contract: ${requests} requests in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
  ),
);

/**
 * Requests the document allows that a rule across fields, or about what exists, refuses with -218: a
 * schema of one field cannot say "an address or an addressId", nor that a state belongs to the
 * country. Keyed by operation, then the field the answer names (`*`: any), with why. A refusal naming
 * an id is allowed everywhere: the record may not exist.
 */
const addressRules = { state: "one of the country's states", zipCode: "in the country's ZIP code format" };
const orderAddressRules = { ...addressRules, deliveryAddress: 'an address or an addressId' };
const crossFieldRules: Record<string, Record<string, string>> = {
  'POST /delivery/addAddress': addressRules,
  'PUT /delivery/updateAddress': addressRules,
  'POST /order/createOrder': {
    ...orderAddressRules,
    country: 'a country the shop ships to in the currency',
    shippingMethodId: 'a method of the zone that serves the address',
    expectedPayAmount: 'the total the server figures',
  },
  'POST /order/quoteOrder': {
    country: 'a country the shop knows and ships to',
    state: "one of the country's states",
    shippingMethodId: 'a method of the zone that serves the country',
  },
  'POST /admin/shipping/zone/save': { regions: 'no region another zone serves', methods: 'methods of this zone' },
  'POST /admin/shipping/tax/save': { country: 'a country the shop delivers to', state: "one of the country's states" },
  'GET /goods/queryProductStock': { country: 'a country the shop delivers to', state: "one of the country's states" },
  'POST /admin/sales-rules/save': {
    category: 'a category or a product, not both',
    region: 'a destination the shop knows',
    payMethod: 'a payment method of the shop',
    goodsId: 'an existing product',
  },
  'POST /admin/sales-rules/age-checks/save': {
    region: 'a destination the shop knows',
    provider: 'an age-check provider of the shop',
  },
  'POST /age/start': { country: 'a destination that asks for an age check' },
  'POST /order/createReceiveOrder': orderAddressRules,
  'POST /admin/catalogue/product/create': {
    '*': 'pictures uploaded first; a slug no product has; prices consistent across fields',
  },
  'POST /admin/catalogue/product/update': {
    '*': 'pictures uploaded first; the slug of a product; prices consistent across fields',
  },
  'POST /admin/catalogue/grid/save': { '*': 'each edit names an existing size by its SKU' },
  'POST /admin/catalogue/grid/bulk': { '*': 'each SKU names an existing size' },
  'POST /admin/catalogue/import': { content: 'a catalogue in the named format' },
  'POST /admin/adverts/create': { picture: 'a picture uploaded first' },
  'POST /admin/adverts/update': { picture: 'a picture uploaded first' },
  'POST /admin/adverts/reorder': { advertisingIds: "exactly the position's adverts" },
};

/** The names of the parameters and body fields that carry a record's id (bounded to the id column). */
function idFieldsOf(route: Route): string[] {
  const names: string[] = [];
  const walk = (raw: Schema, name: string, depth: number) => {
    const schema = resolve(document, raw);
    if (schema.maximum === RECORD_ID_MAX) names.push(name);
    if (depth > 4) return;
    for (const [key, property] of Object.entries(schema.properties ?? {})) walk(property, key, depth + 1);
    if (schema.items) walk(schema.items, name, depth + 1);
  };
  for (const parameter of route.operation.parameters ?? []) walk(parameter.schema ?? {}, parameter.name, 0);
  const body = jsonBodyOf(route.operation);
  if (body) walk(body, 'body', 0);
  return names;
}

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: 'openapi' } as object);

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(route: Route, status: string, type: string) {
  const key = `${route.method} ${route.path} ${status} ${type}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({
      $ref: `openapi#/${pointer('paths', route.path, route.method.toLowerCase(), 'responses', status, 'content', type, 'schema')}`,
    });
    validators.set(key, validate);
  }
  return validate;
}

type Caller = { name: 'anonymous' | 'customer' | 'operator'; headers: Record<string, string> };
type Generated = {
  kind: 'valid' | 'edge' | 'invalid';
  breaks?: string;
  query: Record<string, unknown>;
  body?: unknown;
  multipart?: boolean;
};

const languages = ['EN', 'ZH', 'MS'];
const currencies = ['USD', 'CNY', 'MYR'];

function requestsFor(route: Route, seed: number): Generated[] {
  const parameters = (route.operation.parameters ?? []).filter(
    (parameter) => parameter.in === 'query' || parameter.in === 'path',
  );
  const querySchema: Schema = {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  const json = jsonBodyOf(route.operation);
  const multipart = route.operation.requestBody?.content['multipart/form-data'] !== undefined;
  const valid = fc.record({
    query: arbitraryOf(document, querySchema),
    body: json ? arbitraryOf(document, json) : fc.constant(undefined),
  });
  const generated: Generated[] = fc
    .sample(valid, { seed, numRuns: VALID_RUNS })
    .map(({ query, body }) => ({ kind: 'valid', query: query as Record<string, unknown>, body, multipart }));
  const [base] = generated;

  for (const parameter of parameters) {
    for (const value of edgesOf(document, parameter.schema ?? {}))
      generated.push({
        kind: 'edge',
        breaks: parameter.name,
        query: { ...base!.query, [parameter.name]: value },
        body: base!.body,
        multipart,
      });
    for (const { value, breaks } of invalidValuesOf(document, parameter.schema ?? {})) {
      if (breaks === 'type' && typeof value !== 'string') continue; // a query string carries only text
      generated.push({
        kind: 'invalid',
        breaks: `${parameter.name}: ${breaks}`,
        query: { ...base!.query, [parameter.name]: value },
        body: base!.body,
        multipart,
      });
    }
  }
  if (json) {
    const schema = resolve(document, json);
    const body = (base!.body ?? {}) as Record<string, unknown>;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      for (const value of edgesOf(document, property))
        generated.push({ kind: 'edge', breaks: name, query: base!.query, body: { ...body, [name]: value } });
      for (const { value, breaks } of invalidValuesOf(document, property))
        generated.push({
          kind: 'invalid',
          breaks: `${name}: ${breaks}`,
          query: base!.query,
          body: { ...body, [name]: value },
        });
    }
    for (const name of schema.required ?? []) {
      const { [name]: _left, ...rest } = body;
      generated.push({ kind: 'invalid', breaks: `${name}: required`, query: base!.query, body: rest });
    }
  }
  return generated;
}

function urlOf(route: Route, query: Record<string, unknown>) {
  const search = new URLSearchParams();
  let path = route.path;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return `/api/v1${path}${text ? `?${text}` : ''}`;
}

async function send(route: Route, generated: Generated, caller: Caller, index: number) {
  // As the storefront's pages call: from the shop's own origin.
  const headers: Record<string, string> = {
    Origin: shop.config.publicOrigin,
    ...caller.headers,
    Language: languages[index % 3]!,
    Currency: currencies[(index >> 1) % 3]!,
  };
  let body: BodyInit | undefined;
  if (generated.multipart) {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(picture)], 'picture.png', { type: 'image/png' }));
    body = form;
  } else if (generated.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(generated.body);
  }
  await shop.catalogueCache.settled();
  return shop.app.request(urlOf(route, generated.query), { method: route.method, headers, body });
}

let requests = 0;
const started = performance.now();

/** What is wrong with one answer, or nothing. */
async function problemsOf(route: Route, generated: Generated, response: Response): Promise<string[]> {
  const problems: string[] = [];
  const status = String(response.status);
  const documented = route.operation.responses?.[status];
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim();
  const text =
    type === 'text/event-stream' || type.startsWith('image/')
      ? (await response.body?.cancel(), '')
      : await response.text();
  if (response.status >= 500) problems.push(`server error ${status}: ${text.slice(0, 200)}`);
  if (!documented)
    return [
      ...problems,
      `status ${status} is not documented (${Object.keys(route.operation.responses ?? {}).join(', ')}): ${text.slice(0, 200)}`,
    ];
  const content = documented.content ?? {};
  if (!(type in content))
    return [...problems, `content type "${type}" is not documented for ${status} (${Object.keys(content).join(', ')})`];
  if (type === 'application/json') {
    const answer = JSON.parse(text) as { code?: number; message?: string };
    const validate = validatorFor(route, status, type);
    if (!validate(answer))
      problems.push(
        `${status} answer does not match its schema: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`,
      );
    if (generated.kind !== 'invalid' && response.status === 400 && !refusalAllowed(route, answer.message ?? ''))
      problems.push(`a request the document allows was refused: ${text.slice(0, 200)}`);
  }
  if (response.status === 429 && !response.headers.get('Retry-After')) problems.push('429 without Retry-After');
  if (generated.kind === 'invalid' && /maximum|minimum/.test(generated.breaks ?? '') && response.status < 400)
    problems.push(`a value past a documented bound was taken: ${status}`);
  return problems;
}

function refusalAllowed(route: Route, message: string) {
  const fields = [...Object.keys(crossFieldRules[`${route.method} ${route.path}`] ?? {}), ...idFieldsOf(route)];
  return fields.some((field) => field === '*' || message.includes(field));
}

/** Signed-in callers, anew after an operation that may end or change their sessions (signing out, a new password, disabling). */
async function signedInCallers(): Promise<Caller[]> {
  const customer = await signUp(shop);
  return [
    { name: 'anonymous', headers: {} },
    { name: 'customer', headers: customer.headers },
    { name: 'operator', headers: await operator.freshSession() },
  ];
}
const endsSessions =
  /loginOut|signOut|deleteAccount|updatePassword|updatePwd|setPassword|secondFactor|customers\/disable/;

/** Who an operation is for: the operator under /admin, a customer where it names a session, anyone otherwise. */
const intendedCaller = (route: Route, index: number): Caller['name'] =>
  route.path.startsWith('/admin/')
    ? 'operator'
    : route.operation.security?.length
      ? 'customer'
      : (['anonymous', 'customer', 'operator'] as const)[index % 3]!;

describe('the OpenAPI document, held to what the server answers', () => {
  const routes = routesOf(document);

  it('documents every operation with its error answers, and every id with its column bound', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const statuses = Object.keys(route.operation.responses ?? {});
      expect(statuses, `${route.method} ${route.path}`).toEqual(expect.arrayContaining(['200', '400', '500']));
      expect(statuses, `${route.method} ${route.path}`).not.toContain('default');
    }
    // The five that once documented only their success.
    const statusesOf = (method: string, path: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(statusesOf('get', '/privacy/exportMyData')).toEqual(expect.arrayContaining(['401', '404']));
    expect(statusesOf('get', '/admin/orders/export')).toEqual(expect.arrayContaining(['400', '401', '403']));
    expect(statusesOf('get', '/admin/publish/events')).toEqual(expect.arrayContaining(['401', '403']));
    expect(statusesOf('post', '/admin/verifyCodes/issue')).toEqual(
      expect.arrayContaining(['400', '401', '403', '404']),
    );
    expect(statusesOf('get', '/captcha/mathGenerator')).toEqual(expect.arrayContaining(['429']));
    expect(Object.keys(document.paths['/captcha/mathGenerator']?.get?.responses?.['429']?.headers ?? {})).toEqual([
      'Retry-After',
    ]);
  });

  it('answers a method a path does not serve with 405, naming the methods it does', async () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const served = Object.keys(operations).map((method) => method.toUpperCase());
      const unserved = ['DELETE', 'PATCH', 'PUT', 'POST'].find((method) => !served.includes(method))!;
      const response = await shop.app.request(`/api/v1${path}`, {
        method: unserved,
        headers: { Origin: shop.config.publicOrigin },
      });
      expect(response.status, `${unserved} ${path}`).toBe(405);
      const allowed = response.headers.get('Allow')?.split(', ').sort();
      expect(allowed, `${unserved} ${path}`).toEqual([...served, ...(served.includes('GET') ? ['HEAD'] : [])].sort());
      expect(((await response.json()) as { code: number }).code).toBe(-218);
    }
    expect(
      (
        await shop.app.request('/api/v1/goods/noSuchThing', {
          method: 'DELETE',
          headers: { Origin: shop.config.publicOrigin },
        })
      ).status,
    ).toBe(404);
  });

  it('answers generated requests from every operation as documented, for every kind of caller', async () => {
    const failures: string[] = [];
    let callers: Caller[] = [];
    for (const [routeIndex, route] of routes.entries()) {
      if (routeIndex === 0 || endsSessions.test(routes[routeIndex - 1]!.path)) callers = await signedInCallers();
      // Allowed requests go as the caller the operation is for, and the first also as the other two;
      // each edge and ruled-out one as the next caller in turn.
      const byName = (name: Caller['name']) => callers.find((caller) => caller.name === name)!;
      const sends = requestsFor(route, SEED + routeIndex).flatMap((generated, index) =>
        generated.kind !== 'valid'
          ? [{ generated, caller: callers[index % callers.length]! }]
          : index === 0
            ? callers.map((caller) => ({ generated, caller }))
            : [{ generated, caller: byName(intendedCaller(route, index)) }],
      );
      for (const [index, { generated, caller }] of sends.entries()) {
        const response = await send(route, generated, caller, index);
        requests += 1;
        for (const problem of await problemsOf(route, generated, response)) {
          failures.push(
            `${route.method} ${route.path} as ${caller.name}, ${generated.kind}${generated.breaks ? ` (${generated.breaks})` : ''} ${JSON.stringify({ query: generated.query, body: generated.body }).slice(0, 300)}: ${problem}`,
          );
        }
      }
    }
    expect(requests).toBeGreaterThan(routes.length * VALID_RUNS);
    expect(failures, `${failures.length} answers break the contract (seed ${SEED})`).toEqual([]);
  }, 240_000);
});
