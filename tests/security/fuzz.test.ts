import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/customers';
import { aShop } from '../support/fixtures';
import { listen, type Reply } from '../support/listening';
import {
  isNumeric,
  isString,
  jsonBodyOf,
  resolve,
  routesOf,
  sample,
  wrongType,
  type OpenApiDocument,
  type Route,
} from '../support/openapi';

/*
 * Every route of the API's OpenAPI document, fed what clients should never send. Each answer is a
 * 4xx (or, for input that is odd but allowed, a success) in the `{ code, data, message }` envelope:
 * never a 5xx, never a stack trace. All of it goes over one keep-alive connection of a listening
 * server, so a reply that leaves the connection unusable fails the next request.
 */

const BODY_LIMIT = 16 * 1024;

const shop = await aShop({
  catalogue: 'demo',
  env: { BODY_LIMIT_BYTES: String(BODY_LIMIT), RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000' },
});
const server = await listen(shop.app);
afterAll(() => server.close());
const document = (await (await shop.app.request('/api/v1/openapi.json')).json()) as OpenApiDocument;

type Attack = { name: string; path: string; body?: string; type?: string; refused: boolean };

const huge = 'x'.repeat(10_000);
const rtl = '\u202Eexe.gnp\u202C\u200F';
const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** The URL with its path parameters filled and the given query. */
function urlOf(route: Route, query: Record<string, string | string[]>) {
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(query[name] ?? '1')));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, one);
  const text = search.toString();
  return `/api/v1${path}${text ? `?${text}` : ''}`;
}

function queryAttacks(route: Route): Attack[] {
  const parameters = (route.operation.parameters ?? []).filter(
    (parameter) => parameter.in === 'query' || parameter.in === 'path',
  );
  const valid = Object.fromEntries(
    parameters.map((parameter) => [parameter.name, String(sample(document, parameter.schema ?? {}))]),
  );
  const attacks: Attack[] = [
    {
      name: 'repeated parameters',
      path: urlOf(route, Object.fromEntries(parameters.map((p) => [p.name, [valid[p.name]!, valid[p.name]!, '2']]))),
      refused: false,
    },
  ];
  if (parameters.some((parameter) => parameter.required))
    attacks.push({ name: 'missing parameters', path: urlOf(route, {}), refused: true });
  for (const parameter of parameters) {
    const withValue = (value: string) => urlOf(route, { ...valid, [parameter.name]: value });
    attacks.push(
      { name: `${parameter.name}: huge`, path: withValue(huge), refused: isNumeric(document, parameter.schema) },
      { name: `${parameter.name}: NUL`, path: withValue('a\u0000b'), refused: true },
      { name: `${parameter.name}: RTL`, path: withValue(rtl), refused: isNumeric(document, parameter.schema) },
      { name: `${parameter.name}: negative`, path: withValue('-1'), refused: false },
      {
        name: `${parameter.name}: huge number`,
        path: withValue('99999999999999999999999'),
        refused: isNumeric(document, parameter.schema),
      },
      {
        name: `${parameter.name}: not a number`,
        path: withValue('1e400'),
        refused: isNumeric(document, parameter.schema),
      },
    );
  }
  return attacks;
}

/** Every string (or number) in a sample body replaced, however deep. */
function replaceLeaves(value: unknown, replace: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceLeaves(item, replace));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceLeaves(item, replace)]));
  return replace(value);
}

function bodyAttacks(route: Route): Attack[] {
  const schema = jsonBodyOf(route.operation);
  if (!schema) return [];
  const path = urlOf(
    route,
    Object.fromEntries(
      (route.operation.parameters ?? []).map((parameter) => [
        parameter.name,
        String(sample(document, parameter.schema ?? {})),
      ]),
    ),
  );
  const valid = sample(document, schema) as Record<string, unknown>;
  const json = (value: unknown) => JSON.stringify(value);
  let strings = 0;
  replaceLeaves(valid, (leaf) => (typeof leaf === 'string' ? (strings += 1) : leaf));
  const attacks: Attack[] = [
    { name: 'missing body', path, refused: true },
    { name: 'malformed JSON', path, body: '{"email":', refused: true },
    { name: 'wrong content type', path, body: json(valid), type: 'text/plain', refused: true },
    { name: 'form content type', path, body: 'a=1&b=2', type: 'application/x-www-form-urlencoded', refused: true },
    { name: 'a list instead of an object', path, body: json([valid]), refused: true },
    { name: 'a string instead of an object', path, body: json('text'), refused: true },
    { name: 'deep nesting', path, body: `{"items":${deep(5000)}}`, refused: true },
    { name: 'over the body limit', path, body: json({ ...valid, padding: 'x'.repeat(BODY_LIMIT * 2) }), refused: true },
    {
      name: '__proto__ keys',
      path,
      body: `{"__proto__":{"isAdmin":true,"code":1,"status":1},"constructor":{"prototype":{"polluted":1}},${json(valid).slice(1)}`,
      refused: false,
    },
    {
      name: 'NUL in every string',
      path,
      body: json(replaceLeaves(valid, (leaf) => (typeof leaf === 'string' ? `${leaf}\u0000` : leaf))),
      refused: strings > 0,
    },
    {
      name: 'RTL in every string',
      path,
      body: json(replaceLeaves(valid, (leaf) => (typeof leaf === 'string' ? `${leaf}${rtl}` : leaf))),
      refused: false,
    },
    {
      name: 'huge strings',
      path,
      body: json(replaceLeaves(valid, (leaf) => (typeof leaf === 'string' ? huge : leaf))),
      refused: false,
    },
    {
      name: 'negative numbers',
      path,
      body: json(replaceLeaves(valid, (leaf) => (typeof leaf === 'number' ? -1 : leaf))),
      refused: false,
    },
    {
      name: 'huge numbers',
      path,
      body: json(replaceLeaves(valid, (leaf) => (typeof leaf === 'number' ? 1e308 : leaf))),
      refused: false,
    },
    {
      name: 'unsafe integers',
      path,
      body: json(replaceLeaves(valid, (leaf) => (typeof leaf === 'number' ? 2 ** 64 : leaf))),
      refused: false,
    },
  ];
  const properties = resolve(document, schema).properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    attacks.push({
      name: `${name}: wrong type`,
      path,
      body: json({ ...valid, [name]: wrongType(document, property) }),
      refused: true,
    });
    if (isString(document, property))
      attacks.push({ name: `${name}: null`, path, body: json({ ...valid, [name]: null }), refused: false });
  }
  return attacks;
}

const stackTrace = /\n\s+at |node_modules|\.ts:\d+|\bError: /;

/** A reply that is an answer, not a fault, and for input that must be refused, a refusal. */
function checkReply(route: Route, attack: Attack, reply: Reply) {
  const label = `${route.method} ${route.path} — ${attack.name}: ${reply.status} ${reply.text.slice(0, 200)}`;
  expect(reply.status, label).toBeLessThan(500);
  expect(reply.text, label).not.toMatch(stackTrace);
  if (attack.refused) expect(reply.status, label).toBeGreaterThanOrEqual(400);
  if (reply.status >= 400) {
    const body = JSON.parse(reply.text) as Record<string, unknown>;
    expect(Object.keys(body).sort(), label).toEqual(['code', 'data', 'message']);
    expect(body.code, label).toBeLessThan(0);
  }
}

describe('every route of the OpenAPI document, fuzzed', () => {
  it('answers every malformed input with a 4xx envelope and keeps the connection usable', async () => {
    const routes = routesOf(document);
    expect(routes.length).toBeGreaterThan(50);
    let requests = 0;
    let closes = 0;
    for (const route of routes) {
      // Signed in as a customer of its own, so that validation, not the missing session, answers.
      const customer = await signUp(shop);
      for (const attack of [...queryAttacks(route), ...bodyAttacks(route)]) {
        const headers: Record<string, string> = { ...customer.headers };
        if (attack.body !== undefined || attack.name === 'missing body')
          headers['Content-Type'] = attack.type ?? 'application/json';
        const reply = await server.request(route.method, attack.path, {
          headers,
          body: attack.body ?? (attack.name === 'missing body' ? '' : undefined),
        });
        requests += 1;
        if (reply.headers.connection === 'close') closes += 1;
        checkReply(route, attack, reply);
      }
    }
    expect(requests).toBeGreaterThan(500);
    // One connection carried everything, but for replies that said they closed it.
    expect(server.connections()).toBe(1 + closes);
    expect(closes).toBe(0);
  }, 180_000);
});
