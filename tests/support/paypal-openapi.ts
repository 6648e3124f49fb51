import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/*
 * PayPal's published OpenAPI definitions (paypal/paypal-rest-api-specifications, Apache-2.0, vendored
 * beside this file with their licence) as a validator: the PayPal stand-in checks every request the
 * shop sends and every answer it gives against them, so the client and the stand-in cannot drift from
 * PayPal together. Error answers are built from the issues the definitions document per operation.
 */

type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
  };
};
type Parameter = { name: string; in: string; required?: boolean; schema?: unknown; $ref?: string };
type Response = { $ref?: string; content?: { 'application/json'?: { schema?: unknown } } };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: { 'application/json'?: { schema?: unknown } } };
  responses: Record<string, Response>;
};
type IssueSchema = {
  title: string;
  description?: string;
  properties: { issue: { enum: string[] }; description?: { enum?: string[] } };
};
type SchemaNode = {
  $ref?: string;
  allOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  items?: { anyOf?: IssueSchema[] };
  enum?: string[];
};

const files = [
  'checkout_orders_v2',
  'payments_payment_v2',
  'customer_disputes_v1',
  'notifications_webhooks_v1',
] as const;
export type SpecFile = (typeof files)[number];

const specs = Object.fromEntries(
  files.map((file) => [
    file,
    JSON.parse(readFileSync(new URL(`./paypal-openapi/${file}.json`, import.meta.url), 'utf8')) as Spec,
  ]),
) as Record<SpecFile, Spec>;

/**
 * What PayPal documents beyond the vendored snapshot: its Orders v2 reference documents
 * `payment_source.card.attributes.verification` (https://developer.paypal.com/api/orders/v2/definitions/card_verification,
 * method SCA_ALWAYS | SCA_WHEN_REQUIRED | 3D_SECURE | AVS_CVV), which the snapshot of 2024-02-03 lacks.
 */
function amend(): void {
  const schemas = specs.checkout_orders_v2.components.schemas as Record<
    string,
    { properties?: Record<string, unknown> }
  >;
  schemas.card_verification = {
    type: 'object',
    title: 'Card Verification',
    description:
      'The API caller can opt in to verify the card through PayPal offered verification services (e.g. Smart Dollar Auth, 3DS).',
    properties: {
      method: {
        type: 'string',
        enum: ['SCA_ALWAYS', 'SCA_WHEN_REQUIRED', '3D_SECURE', 'AVS_CVV'],
        default: 'SCA_WHEN_REQUIRED',
      },
    },
  } as never;
  schemas.card_attributes!.properties!.verification = { $ref: '#/components/schemas/card_verification' };
}

/**
 * Tightened to what PayPal documents: the objects the shop reads in PayPal's answers, and the 3-D Secure
 * objects it sends, may carry only the properties PayPal's definitions list for them (through their
 * `allOf` parts), and the answers must carry the fields the shop reads. The definitions themselves
 * allow any property and require almost none, so an empty capture `{}` or a misspelt field would pass
 * (PayPal ignores a field it does not know: a misspelt `verification` would silently ask for no 3-D Secure).
 */
const tightened: [SpecFile, string, string[]][] = [
  ['checkout_orders_v2', 'order', ['id', 'status']],
  ['checkout_orders_v2', 'capture', ['id', 'status']],
  ['checkout_orders_v2', 'card_response', []],
  ['checkout_orders_v2', 'authentication_response', []],
  ['checkout_orders_v2', 'three_d_secure_authentication_response', []],
  ['checkout_orders_v2', 'card_attributes', []],
  ['checkout_orders_v2', 'card_verification', ['method']],
  ['checkout_orders_v2', 'card_experience_context', []],
  ['payments_payment_v2', 'capture-2', ['id', 'status', 'amount']],
  ['payments_payment_v2', 'refund', ['id', 'status', 'amount']],
  ['customer_disputes_v1', 'dispute', ['dispute_id', 'status', 'disputed_transactions', 'dispute_amount']],
  ['customer_disputes_v1', 'transaction_info', ['seller_transaction_id']],
];

function tighten(): void {
  for (const [file, name, required] of tightened) {
    const schema = specs[file].components.schemas[name] as SchemaNode & {
      propertyNames?: unknown;
      required?: string[];
    };
    const names = new Set(parts(file, schema).flatMap((part) => Object.keys(part.properties ?? {})));
    schema.propertyNames = { enum: [...names] };
    schema.required = [...new Set([...(schema.required ?? []), ...required])];
  }
}

// The definitions use OpenAPI 3.0 keywords (nullable, readOnly, example, x-…) and PayPal's own format
// names (ppaas_…): known keywords are checked, PayPal's formats are described by their patterns.
// Some of PayPal's patterns are valid only without the `u` flag (as JavaScript reads them in browsers).
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, unicodeRegExp: false });
(addFormatsModule as unknown as (instance: Ajv) => void)(ajv);
for (const format of [
  'merchant_common_email_address_v2',
  'payer_v1',
  'ppaas_common_country_code_v2',
  'ppaas_common_currency_code_v2',
  'ppaas_common_email_address_v2',
  'ppaas_common_language_v3',
  'ppaas_date_notime_v2',
  'ppaas_date_time_v3',
  'ppaas_ip_address_v1',
  'ppaas_payer_id_v3',
]) {
  ajv.addFormat(format, true);
}
amend();
tighten();
for (const file of files) ajv.addSchema(specs[file] as object, file);

const compiled = new Map<string, ValidateFunction>();
function validatorFor(file: SpecFile, pointer: string): ValidateFunction {
  const key = `${file}#${pointer}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: key });
    compiled.set(key, validate);
  }
  return validate;
}

/** JSON-pointer escaping of one path segment. */
const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The operation a request addresses, by method and concrete path (`/v2/checkout/orders/5O19…/capture`). */
export function findOperation(file: SpecFile, method: string, path: string) {
  for (const [template, operations] of Object.entries(specs[file].paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = operations[method.toLowerCase()];
    if (pattern.test(path) && operation) return { file, template, method: method.toLowerCase(), operation };
  }
  return null;
}
export type FoundOperation = NonNullable<ReturnType<typeof findOperation>>;

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 8)
    .map(
      (error) =>
        `${error.instancePath || '/'} ${error.message ?? ''}${error.params && 'allowedValues' in error.params ? ` ${JSON.stringify(error.params.allowedValues)}` : ''}`,
    );

function resolveParameter(file: SpecFile, parameter: Parameter): Parameter {
  if (!parameter.$ref) return parameter;
  return specs[file].components.parameters![parameter.$ref.split('/').pop()!]!;
}

/** What PayPal would refuse in a request: headers the operation defines, and the JSON body. Empty when valid. */
export function requestProblems(
  found: FoundOperation,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): string[] {
  const problems: string[] = [];
  const base = `/paths/${escape(found.template)}/${found.method}`;
  (found.operation.parameters ?? []).forEach((raw, index) => {
    const parameter = resolveParameter(found.file, raw);
    if (parameter.in !== 'header') return;
    const value = headers[parameter.name.toLowerCase()];
    if (value === undefined) {
      if (parameter.required) problems.push(`header ${parameter.name} is required`);
      return;
    }
    const pointer = raw.$ref
      ? `/components/parameters/${raw.$ref.split('/').pop()}/schema`
      : `${base}/parameters/${index}/schema`;
    const validate = validatorFor(found.file, pointer);
    if (!validate(value))
      problems.push(...describe(validate.errors).map((problem) => `header ${parameter.name}: ${problem}`));
  });
  if (found.operation.requestBody?.content?.['application/json']?.schema) {
    const validate = validatorFor(found.file, `${base}/requestBody/content/application~1json/schema`);
    if (!validate(body)) problems.push(...describe(validate.errors).map((problem) => `body ${problem}`));
  }
  return problems;
}

function responseFor(found: FoundOperation, status: number): { pointer: string; response: Response } | null {
  const base = `/paths/${escape(found.template)}/${found.method}/responses`;
  const key = String(status) in found.operation.responses ? String(status) : 'default';
  let response = found.operation.responses[key];
  if (!response) return null;
  let pointer = `${base}/${key}`;
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!;
    response = specs[found.file].components.responses![name]!;
    pointer = `/components/responses/${name}`;
  }
  return { pointer, response };
}

/** Whether PayPal documents this status for the operation, and what is wrong with the answer's body. */
export function answerProblems(found: FoundOperation, status: number, body: unknown): string[] {
  // Any status PayPal does not list falls to the operation's `default` answer (its error shape).
  if (!(String(status) in found.operation.responses) && !(status >= 500 && 'default' in found.operation.responses)) {
    return [`HTTP ${status} is not documented for ${found.operation.operationId}`];
  }
  const response = responseFor(found, status);
  if (!response?.response.content?.['application/json']?.schema) return [];
  const validate = validatorFor(found.file, `${response.pointer}/content/application~1json/schema`);
  return validate(body) ? [] : describe(validate.errors).map((problem) => `answer ${status} ${problem}`);
}

/** Follows `$ref`s and `allOf`s of a schema within one definition file, collecting the parts. */
function parts(file: SpecFile, node: SchemaNode | undefined): SchemaNode[] {
  if (!node) return [];
  if (node.$ref) return parts(file, specs[file].components.schemas[node.$ref.split('/').pop()!] as SchemaNode);
  return [node, ...(node.allOf ?? []).flatMap((part) => parts(file, part))];
}

/** The issues PayPal documents for an operation's error status, with their descriptions. */
export function documentedIssues(found: FoundOperation, status: number): Map<string, string> {
  const issues = new Map<string, string>();
  const schema = found.operation.responses[String(status)]?.content?.['application/json']?.schema as
    SchemaNode | undefined;
  for (const part of parts(found.file, schema)) {
    for (const option of part.properties?.details?.items?.anyOf ?? []) {
      const issue = option.properties.issue.enum[0];
      if (issue) issues.set(issue, option.properties.description?.enum?.[0] ?? option.description ?? issue);
    }
  }
  return issues;
}

/** The error body PayPal sends for `status` (and `issue`, which must be one it documents for the operation). */
export function documentedError(
  found: FoundOperation,
  status: number,
  issue?: string,
  debugId = 'f00d1e2a3b4c5',
): { name: string; message: string; debug_id: string; details?: { issue: string; description: string }[] } {
  const schema = found.operation.responses[String(status)]?.content?.['application/json']?.schema as
    SchemaNode | undefined;
  const fields = parts(found.file, schema);
  const name = fields.map((part) => part.properties?.name?.enum?.[0]).find(Boolean) ?? 'INTERNAL_SERVER_ERROR';
  const message = fields.map((part) => part.properties?.message?.enum?.[0]).find(Boolean) ?? name;
  if (!issue) return { name, message, debug_id: debugId };
  const description = documentedIssues(found, status).get(issue);
  if (description === undefined)
    throw new Error(`PayPal documents no issue ${issue} for HTTP ${status} of ${found.operation.operationId}`);
  return { name, message, debug_id: debugId, details: [{ issue, description }] };
}

/** Validates a value against one named schema of a definition file (a webhook's resource, say). */
export function schemaProblems(file: SpecFile, schema: string, value: unknown): string[] {
  const validate = validatorFor(file, `/components/schemas/${escape(schema)}`);
  return validate(value) ? [] : describe(validate.errors);
}

/** Compiles an operation's validators now, so the first call to it is not slowed by their compilation. */
export function prepare(found: FoundOperation): void {
  const base = `/paths/${escape(found.template)}/${found.method}`;
  if (found.operation.requestBody?.content?.['application/json']?.schema)
    validatorFor(found.file, `${base}/requestBody/content/application~1json/schema`);
  for (const status of Object.keys(found.operation.responses)) {
    const response = responseFor(found, status === 'default' ? 599 : Number(status));
    if (response?.response.content?.['application/json']?.schema)
      validatorFor(found.file, `${response.pointer}/content/application~1json/schema`);
  }
}

export function operation(file: SpecFile, method: string, path: string): FoundOperation {
  const found = findOperation(file, method, path);
  if (!found) throw new Error(`PayPal documents no ${method} ${path} in ${file}`);
  return found;
}
