import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { core } from 'zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../contracts/errors';
import { redactUrl } from './log-redaction';

export type ErrorField = { path: string; message: string };

/** An error the client is meant to see: a code from the contract and a developer message. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: ErrorField[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 400 badRequest from a failed safeParse, naming every field. */
export function badRequestFrom(error: core.$ZodError, message = 'Invalid request'): AppError {
  return new AppError('badRequest', message, fieldsOf(error));
}

export function fieldsOf(error: core.$ZodError): ErrorField[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

export function errorBody(code: ErrorCode, message: string, fields?: ErrorField[]): ErrorBody {
  return { error: fields && fields.length > 0 ? { code, message, fields } : { code, message } };
}

/** Fastify's own 4xx errors mapped to contract codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_JSON_BODY: 'badRequest',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'badRequest',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'badRequest',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_VALIDATION: 'badRequest',
};

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 409:
      return 'conflict';
    case 413:
      return 'payloadTooLarge';
    case 429:
      return 'tooManyRequests';
    default:
      return status >= 400 && status < 500 ? 'badRequest' : 'internal';
  }
}

/**
 * Every error leaves as `ErrorBody` with the status of its code. Unknown errors are logged with
 * their stack and answered with a bare 500: the body never carries internals.
 */
export function errorHandler(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) {
    if (error.headers) void reply.headers(error.headers);
    return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Body fields are named as the client's form names them ("password"); query and path
    // parameters keep their origin ("querystring.country", "params.id").
    const context = error.validationContext === 'body' ? undefined : error.validationContext;
    const fields = error.validation.map((v) => ({
      path: [context, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
      message: v.message ?? 'invalid',
    }));
    return reply.status(400).send(errorBody('badRequest', 'Invalid request', fields));
  }
  if (isFastifyError(error) && !isResponseSerializationErrorSafe(error)) {
    const mapped = FASTIFY_CODES[error.code];
    const status = error.statusCode ?? 500;
    if (mapped || (status >= 400 && status < 500)) {
      const code = mapped ?? codeForStatus(status);
      return reply.status(ERROR_STATUS[code]).send(errorBody(code, publicMessage(code, error)));
    }
  }
  // Errors from libraries (e.g. static file serving) that carry an HTTP client status.
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = codeForStatus(status);
    return reply.status(ERROR_STATUS[code]).send(errorBody(code, code));
  }
  request.log.error({ err: error }, 'unhandled error');
  reportUnexpected(error, request);
  return reply.status(500).send(errorBody('internal', 'Internal server error'));
}

function publicMessage(code: ErrorCode, error: FastifyError): string {
  if (code === 'payloadTooLarge') return 'Request body is too large';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'Malformed JSON body';
  // Fastify's messages for client errors are generic and free of internals.
  return error.message;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

function isResponseSerializationErrorSafe(error: FastifyError): boolean {
  return error.code === 'FST_ERR_RESPONSE_SERIALIZATION' || isResponseSerializationError(error);
}

/** An unexpected error goes to the error reporter (when one is configured) with the caller's id. */
function reportUnexpected(error: Error, request: FastifyRequest): void {
  const app = request.server;
  const reporter = app.errorReporter;
  if (!reporter) return;
  void app.auth
    .claimsOf(request)
    .catch(() => null)
    .then((claims) =>
      reporter.capture(error, {
        userId: claims?.sub ?? null,
        method: request.method,
        url: redactUrl(request.url),
      }),
    );
}
