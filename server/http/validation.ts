/**
 * Request validation with TypeBox's compiler, behaving like Fastify's usual Ajv set-up where it
 * matters to route authors — schema defaults are applied, query/params/headers strings are coerced
 * to the declared types — but stricter for JSON bodies: no coercion, and unknown properties are
 * rejected rather than silently removed when a schema says additionalProperties: false.
 *
 * Failures become one readable sentence ("movieId is required.") for the `{ success, message }`
 * error shape. A schema may override it with `errorMessage`: a string for any failure at that
 * node, or an object keyed by keyword (`{ pattern: 'newContext must not be blank.' }`).
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorFormatter } from 'fastify/types/schema';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

/** Marks an error whose message came from the schema's `errorMessage`, to be shown verbatim. */
const CUSTOM = 'customMessage';

/**
 * Compiled validators by schema: a route schema is compiled once per process, whichever app
 * instance registers it (as the response serializers are: http/serialization.ts).
 */
const validators = new WeakMap<TSchema, ReturnType<typeof Compile>>();
function validatorFor(schema: TSchema): ReturnType<typeof Compile> {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = validatorFor(schema);
  const coerce = httpPart !== 'body';
  return (input: unknown) => {
    let value = Value.Default(schema, input);
    if (coerce) value = Value.Convert(schema, value);
    if (validator.Check(value)) return { value };
    const errors: FastifySchemaValidationError[] = validator.Errors(value).map((error) => {
      const custom = customMessage(schema, error.schemaPath, error.keyword);
      return custom === undefined ? error : { ...error, message: custom, params: { ...error.params, [CUSTOM]: true } };
    });
    return { error: errors };
  };
};

/** Fastify's schemaErrorFormatter: the first useful error, as a sentence. */
export const formatValidationErrors: SchemaErrorFormatter = (errors, dataVar) =>
  new Error(describeValidationErrors(errors, dataVar as HttpPart));

const PART_SUBJECTS: Record<HttpPart, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The URL parameters',
  headers: 'The request headers',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'e-mail address',
  uri: 'URL',
  url: 'URL',
  'date-time': 'date and time',
  date: 'date',
  uuid: 'UUID',
};

/** Keywords that only summarise other errors ("must match a schema in anyOf", "schema is false"). */
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'boolean', 'if', 'not']);

export function describeValidationErrors(errors: FastifySchemaValidationError[], part: HttpPart): string {
  const first = errors.find((error) => !SUMMARY_KEYWORDS.has(error.keyword)) ?? errors[0];
  if (!first) return `${PART_SUBJECTS[part] ?? 'The request'} is invalid.`;
  if (first.params[CUSTOM] === true && first.message) return first.message;

  const field = fieldName(first.instancePath);
  const subject = field ?? PART_SUBJECTS[part] ?? 'The request';
  const params = first.params;
  const limit = typeof params.limit === 'number' ? params.limit : undefined;

  switch (first.keyword) {
    case 'required': {
      const missing = firstString(params.requiredProperties) ?? firstString(params.missingProperty);
      return missing ? `${joinField(field, missing)} is required.` : `${subject} is missing a required field.`;
    }
    case 'additionalProperties': {
      const extra = firstString(params.additionalProperties) ?? firstString(params.additionalProperty);
      return extra ? `${joinField(field, extra)} is not an accepted field.` : `${subject} has unexpected fields.`;
    }
    case 'type':
      return `${subject} must be ${withArticle(String(params.type))}.`;
    case 'minLength':
      return limit === 1 ? `${subject} must not be empty.` : `${subject} must be at least ${limit} characters long.`;
    case 'maxLength':
      return `${subject} must be at most ${limit} characters long.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${subject} must be ${first.keyword === 'minimum' ? 'at least' : 'greater than'} ${limit}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${subject} must be ${first.keyword === 'maximum' ? 'at most' : 'less than'} ${limit}.`;
    case 'minItems':
      return `${subject} must have at least ${limit} item${limit === 1 ? '' : 's'}.`;
    case 'maxItems':
      return `${subject} must have at most ${limit} item${limit === 1 ? '' : 's'}.`;
    case 'format':
      return `${subject} must be a valid ${FORMAT_NAMES[String(params.format)] ?? String(params.format)}.`;
    case 'pattern':
      return `${subject} is not in the expected format.`;
    case 'const':
    case 'enum': {
      const allowed = allowedValues(errors, first.instancePath);
      return allowed.length > 0 ? `${subject} must be one of: ${allowed.join(', ')}.` : `${subject} has an unexpected value.`;
    }
    default:
      return `${subject} ${first.message ?? 'is invalid'}.`;
  }
}

/** "/items/0/name" → "items[0].name"; "" → undefined (the whole part). */
function fieldName(instancePath: string): string | undefined {
  if (!instancePath) return undefined;
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), '');
}

function joinField(parent: string | undefined, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

function withArticle(type: string): string {
  const noun = type === 'integer' ? 'whole number' : type;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** Literal unions report one `const` error per branch; together they list what is allowed. */
function allowedValues(errors: FastifySchemaValidationError[], instancePath: string): string[] {
  return errors
    .filter((error) => error.instancePath === instancePath)
    .flatMap((error) => {
      if (error.params.allowedValue !== undefined) return [error.params.allowedValue];
      if (Array.isArray(error.params.allowedValues)) return error.params.allowedValues as unknown[];
      return [];
    })
    .map((value) => String(value));
}

/** The `errorMessage` annotation of the schema node at `schemaPath` ("#/properties/movieId"). */
function customMessage(root: TSchema, schemaPath: string, keyword: string): string | undefined {
  let node: unknown = root;
  for (const segment of schemaPath.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const annotation = (node as { errorMessage?: unknown }).errorMessage;
  if (typeof annotation === 'string') return annotation;
  if (typeof annotation === 'object' && annotation !== null) {
    const forKeyword = (annotation as Record<string, unknown>)[keyword];
    if (typeof forKeyword === 'string') return forKeyword;
  }
  return undefined;
}
