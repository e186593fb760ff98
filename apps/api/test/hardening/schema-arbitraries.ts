import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document (the zod contract as Fastify sees it):
 * values that look right, and the ways they can be wrong.
 */

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** Strings people and programs send: dates, times, phones, e-mails, codes, and a little noise. */
const plausibleStrings = [
  '',
  'N/A',
  'MPESA',
  'CARD',
  'INDIVIDUAL',
  'GROUP',
  'ADVISEE',
  'ADVISOR',
  'Monday',
  '2030-01-07',
  '1990-05-17',
  '10:00',
  '10:00:00',
  '0712345678',
  '254708374149',
  '+254711000222',
  'someone@example.com',
  'Prosper#2026',
  'ABCD-EFGH-JKMN-PQRS',
  'VCH-ABCDEF',
  'https://www.linkedin.com/in/someone',
  'Jane Wanjiru',
];

/** Numbers at and past every edge an integer column or a money amount has. */
export const edgeNumbers = [
  -1,
  0,
  1,
  -0.5,
  0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
];

/** Text that breaks naive code: NUL, lone surrogates, right-to-left marks, emoji, SQL and HTML. */
export const nastyStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0041\u0042',
  '👩🏽‍💻🇰🇪',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '{{7*7}}',
  ' ',
  '\n\r\t',
];

const anyJson = fc.jsonValue({ maxDepth: 2 });

/** The JSON types a schema accepts ('integer' counts as 'number'). */
export function acceptedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  if (schema.nullable) types.add('null');
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    for (const type of acceptedTypes(part)) types.add(type);
  }
  if (schema.type) types.add(schema.type === 'integer' ? 'number' : schema.type);
  if (schema.enum) for (const value of schema.enum) types.add(value === null ? 'null' : typeof value);
  return types;
}

/** Whether a schema takes anything at all ({}), so no value can be of a wrong type. */
export function acceptsAnything(schema: JsonSchema): boolean {
  return acceptedTypes(schema).size === 0 && !schema.properties && !schema.items;
}

const valuesByType: Record<string, fc.Arbitrary<unknown>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  number: fc.constantFrom(...edgeNumbers),
  string: fc.constantFrom('x', 'twelve', '1O'),
  array: fc.constant([1, 'x']),
  object: fc.constant({ nested: { deeper: true } }),
};

/**
 * A value of a JSON type the schema does not accept. Numbers are read with coercion (the contract takes '12'
 * for 12, and so true and null become 1 and 0): a wrong value for them is one no coercion makes a number of.
 */
export function wrongTypeValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const accepted = acceptedTypes(schema);
  const coerced = accepted.has('number') ? ['null', 'boolean'] : [];
  const wrong = Object.keys(valuesByType).filter((type) => !accepted.has(type) && !coerced.includes(type));
  return fc.constantFrom(...wrong).chain((type) => valuesByType[type]!);
}

/** A value that fits the schema's types, enums and bounds (patterns and business rules aside). */
export function plausible(schema: JsonSchema, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (variants.length > 0) return fc.oneof(...variants.map((v) => plausible(v, ids, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      const max = schema.maxLength ?? 60;
      const min = schema.minLength ?? 0;
      const fitting = plausibleStrings.filter((s) => s.length >= min && s.length <= max);
      const free = fc.string({ minLength: min, maxLength: Math.min(max, 40) });
      return fitting.length > 0 ? fc.oneof(fc.constantFrom(...fitting), free) : free;
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1_000_000;
      const inRange = ids.filter((id) => id >= min && id <= max);
      const range = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
      return inRange.length > 0 ? fc.oneof(fc.constantFrom(...inRange), range) : range;
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? plausible(schema.items, ids, depth + 1) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0 && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(
          fc.string({ maxLength: 20 }),
          plausible(schema.additionalProperties, ids, depth + 1),
          {
            maxKeys: 4,
          },
        );
      }
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, plausible(properties[key]!, ids, depth + 1)])),
        { requiredKeys: schema.required ?? [] },
      );
    }
    default:
      return anyJson;
  }
}

/** A mutation of a request part, and whether the API must refuse it. */
export interface Mutated {
  value: unknown;
  /** What was done, for the report of a failure. */
  how: string;
  mustRefuse: boolean;
}

/**
 * An object for the schema with one thing wrong: a required field missing, a field of the wrong type, an extra
 * field, a string too long, hostile text, or a number at an edge; or the whole thing replaced.
 */
export function mutatedObject(schema: JsonSchema, ids: number[]): fc.Arbitrary<Mutated> {
  const base = plausible(schema, ids) as fc.Arbitrary<Record<string, unknown>>;
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const options: Array<fc.Arbitrary<Mutated>> = [
    base.map((value) => ({ value, how: 'plausible', mustRefuse: false })),
    base.chain((value) =>
      fc.tuple(fc.string({ minLength: 1, maxLength: 30 }), anyJson).map(([key, extra]) => ({
        value: { ...value, [key]: extra },
        how: `extra field ${JSON.stringify(key)}`,
        mustRefuse: false,
      })),
    ),
    fc
      .oneof(
        fc.constant(null),
        fc.constant([]),
        fc.constant('text'),
        fc.constant(42),
        // Any JSON but an object: an object may well be a valid body (every field optional, extras ignored).
        anyJson.filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)),
      )
      .map((value) => ({
        value,
        how: 'not an object',
        mustRefuse: !acceptsAnything(schema),
      })),
  ];
  if (required.length > 0) {
    options.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return { value: rest, how: `without ${key}`, mustRefuse: true };
      }),
    );
  }
  const typed = properties.filter(([, property]) => !acceptsAnything(property));
  if (typed.length > 0) {
    options.push(
      fc
        .constantFrom(...typed)
        .chain(([key, property]) =>
          fc.tuple(base, wrongTypeValue(property), fc.constant(key), fc.constant(required.includes(key))),
        )
        .map(([value, wrong, key]) => ({
          value: { ...value, [key]: wrong },
          how: `${key} of the wrong type`,
          mustRefuse: true,
        })),
    );
  }
  const strings = properties.filter(([, property]) => acceptedTypes(property).has('string'));
  if (strings.length > 0) {
    options.push(
      fc
        .tuple(base, fc.constantFrom(...strings), fc.integer({ min: 1, max: 200_000 }))
        .map(([value, [key, property], extra]) => {
          const limit = property.maxLength ?? maxLengthIn(property);
          return {
            value: { ...value, [key]: 'x'.repeat((limit ?? 10_000) + extra) },
            how: `${key} too long`,
            mustRefuse: limit !== undefined,
          };
        }),
      fc
        .tuple(
          base,
          fc.constantFrom(...strings),
          fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ unit: 'binary' })),
        )
        .map(([value, [key], text]) => ({
          value: { ...value, [key]: text },
          how: `${key} = ${JSON.stringify(text)}`,
          mustRefuse: false,
        })),
    );
  }
  const numbers = properties.filter(([, property]) => acceptedTypes(property).has('number'));
  if (numbers.length > 0) {
    options.push(
      fc
        .tuple(base, fc.constantFrom(...numbers), fc.constantFrom(...edgeNumbers))
        .map(([value, [key], n]) => ({
          value: { ...value, [key]: n },
          how: `${key} = ${n}`,
          mustRefuse: false,
        })),
    );
  }
  return fc.oneof(...options);
}

/** The largest maxLength among a schema's string variants. */
function maxLengthIn(schema: JsonSchema): number | undefined {
  const lengths = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
    .map((variant) => variant.maxLength)
    .filter((length): length is number => length !== undefined);
  return lengths.length > 0 ? Math.max(...lengths) : undefined;
}

/** A path or query parameter: a plausible one, or anything a URL can carry (lone surrogates cannot be). */
export function parameterValue(schema: JsonSchema, ids: number[]): fc.Arbitrary<string> {
  const anything = fc.oneof(
    plausible(schema, ids).map((value) => String(value)),
    fc.constantFrom(...nastyStrings, ...edgeNumbers.map(String), '1e309', '99999999999999999999999', 'null'),
    fc.string({ unit: 'binary', maxLength: 50 }),
    fc.integer({ min: 1, max: 20_000 }).map((n) => 'x'.repeat(n)),
  );
  return anything.map((value) => Buffer.from(value, 'utf8').toString('utf8'));
}
