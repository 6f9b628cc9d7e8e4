/** An error meant for the client: its status and detail leave the API as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: string = 'error',
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** A 400 whose body is a map of field → messages, as the web forms expect (docs/product.md §10.1). */
export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('Validation failed');
  }
}

export const badRequest = (detail: string, code = 'bad_request') => new AppError(400, detail, code);
export const notFound = (detail = 'Not found.', code = 'not_found') => new AppError(404, detail, code);
export const conflict = (detail: string, code = 'conflict') => new AppError(409, detail, code);
