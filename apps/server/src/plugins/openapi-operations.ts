import type { SwaggerTransformObject } from '@fastify/swagger';
import { ACCOUNT_OPERATIONS } from './openapi-operations-account.ts';
import { ADMIN_OPERATIONS } from './openapi-operations-admin.ts';
import { AUTH_OPERATIONS } from './openapi-operations-auth.ts';
import { CORPUS_OPERATIONS } from './openapi-operations-corpus.ts';
import { ORDER_OPERATIONS } from './openapi-operations-orders.ts';
import { PAYMENT_OPERATIONS } from './openapi-operations-payments.ts';
import {
  OPENAPI_TAGS,
  type OperationAccess,
  type OperationDoc,
  type OperationTable,
} from './openapi-tags.ts';

/** Every operation of the API documented, by `METHOD /path` (openapi-operations.test.ts holds it to the routes). */
export const OPERATION_DOCS: OperationTable = {
  ...AUTH_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
  ...ORDER_OPERATIONS,
  ...CORPUS_OPERATIONS,
  ...PAYMENT_OPERATIONS,
  ...ADMIN_OPERATIONS,
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  303: 'See Other: a redirect',
};

type Json = Record<string, unknown>;

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, { description?: string; content?: Record<string, Json> }>;
}

/**
 * The document's operations with their tag, summary, description, security and examples from OPERATION_DOCS, and
 * the tag list at the top; @fastify/swagger's `transformObject`, so the route files carry none of it.
 */
export const documentOperations: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const { openapiObject } = documentObject;
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const doc = OPERATION_DOCS[`${method.toUpperCase()} ${path}`];
      if (operation && doc) applyDoc(operation, doc, method);
    }
  }
  return { ...openapiObject, tags: OPENAPI_TAGS.map((tag) => ({ ...tag })) };
};

function applyDoc(operation: OpenApiOperation, doc: OperationDoc, method: string): void {
  operation.tags = [doc.tag];
  operation.summary = doc.summary;
  operation.description = doc.description;
  operation.security = securityOf(doc.access, method);
  for (const parameter of operation.parameters ?? []) {
    const example = doc.parameters?.[parameter.name];
    if (example !== undefined) parameter.example = example;
  }
  const requestMedia = operation.requestBody?.content?.['application/json'];
  if (doc.body !== undefined && requestMedia) requestMedia.example = doc.body;
  if (doc.response) applyResponse(operation, doc.response);
}

function applyResponse(operation: OpenApiOperation, response: NonNullable<OperationDoc['response']>): void {
  const responses = (operation.responses ??= {});
  const status = String(response.status);
  if (!responses[status]) {
    // Fastify's placeholder for a route without a response schema; the documented status replaces it.
    const placeholder = responses['200'];
    if (placeholder && !placeholder.content && placeholder.description === 'Default Response')
      delete responses['200'];
    responses[status] = { description: STATUS_TEXT[response.status] ?? 'Answer' };
  }
  const target = responses[status]!;
  if (target.description === 'Default Response')
    target.description = STATUS_TEXT[response.status] ?? 'Answer';
  if (response.example === undefined && !response.contentType) return;
  const type = response.contentType ?? 'application/json';
  const media: Json = { ...target.content?.[type] };
  if (response.example !== undefined) media.example = response.example;
  target.content = { ...target.content, [type]: media };
}

/** The document's security requirement for an operation (schemes in openapi-security.ts). */
function securityOf(access: OperationAccess, method: string): Record<string, string[]>[] {
  const isSafe = method === 'get' || method === 'head';
  const session: Record<string, string[]> = isSafe
    ? { sessionCookie: [] }
    : { sessionCookie: [], csrfToken: [] };
  switch (access) {
    case 'visitor':
    case 'external':
      return [];
    case 'user':
      return [session, { apiKey: [] }];
    case 'session':
      return [session];
    case 'refresh':
      return [{ refreshCookie: [], csrfToken: [] }];
    case 'metrics':
      return [{ metricsToken: [] }];
  }
}
