/**
 * Validation failures in the request's language: the wording, which route-preambles.ts and the
 * shared error handler answer with. validation.ts writes one precise English sentence per failure;
 * a route passes `describe` to give the fields people actually type their own translated
 * sentences, and any other failure (a crafted request: wrong types, unknown fields) keeps validation.ts's
 * sentence in English and becomes the generic "The request is not valid." in other languages.
 */
import type { FastifyError, FastifyRequest } from 'fastify';

import { requestLanguage, t } from '../i18n';

/** The first real failure, reduced to what a route needs to choose a message. */
export interface FieldIssue {
  /** Which part of the request failed: 'body', 'params', 'querystring' or 'headers'. */
  part: string | undefined;
  /**
   * The top-level body field concerned: the missing one for `required`, the unexpected one for
   * `additionalProperties`, else the first segment of the failing path (undefined: the body).
   */
  field: string | undefined;
  keyword: string;
  params: Record<string, unknown>;
}

/** Keywords that only summarise other errors. */
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'boolean', 'if', 'not']);

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

export function firstFieldIssue(error: FastifyError): FieldIssue | undefined {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const issue = issues.find((candidate) => !SUMMARY_KEYWORDS.has(candidate.keyword)) ?? issues[0];
  if (!issue) return undefined;
  const pathField = issue.instancePath.split('/')[1] || undefined;
  let field = pathField;
  if (pathField === undefined && issue.keyword === 'required') {
    field = firstString(issue.params.requiredProperties) ?? firstString(issue.params.missingProperty);
  } else if (pathField === undefined && issue.keyword === 'additionalProperties') {
    field = firstString(issue.params.additionalProperties) ?? firstString(issue.params.additionalProperty);
  }
  return { part: error.validationContext, field, keyword: issue.keyword, params: issue.params };
}

/**
 * The sentence for a failed validation: the route's own (`describe`, in the request's language)
 * for a field people type, else validation.ts's precise English sentence for English readers and
 * the generic "The request is not valid." in other languages. The one wording of validation
 * failures: route-preambles.ts (attachValidation routes) and the shared error handler use it.
 */
export function validationMessage(request: FastifyRequest, error: FastifyError, describe?: (issue: FieldIssue) => string | undefined): string {
  const issue = firstFieldIssue(error);
  const specific = issue && describe ? describe(issue) : undefined;
  return specific ?? (requestLanguage(request) === 'en' ? error.message : t(request, 'validation.invalidRequest'));
}
