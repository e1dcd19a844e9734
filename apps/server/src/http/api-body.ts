/**
 * JSON bodies of the account routes: parsed by express.json (16 KB at most), then by the protocol's zod schema.
 * Every refusal is an ApiError body (`apiError`), never Express's HTML error page.
 */
import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { apiError } from './session-auth.js';

/** The body as `schema` reads it, or null after answering 400 with the first problem, named by its field. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request, res: Response): z.output<S> | null {
  const r = schema.safeParse(req.body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  apiError(res, 400, 'bad-request', `${where}${issue.message}`);
  return null;
}

/** Error middleware: malformed or oversized JSON (body-parser's errors) as ApiError bodies. */
export function jsonErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const e = err as { type?: string; status?: number };
  if (res.headersSent) return next(err);
  if (e.type === 'entity.too.large') return apiError(res, 413, 'bad-request', 'The request body is too large (at most 16 KB)');
  if (e.type === 'entity.parse.failed' || e.status === 400) return apiError(res, 400, 'bad-request', 'The request body is not valid JSON');
  if (e.type === 'encoding.unsupported' || e.status === 415) return apiError(res, 415, 'bad-request', 'Send the body as UTF-8 JSON');
  next(err);
}
