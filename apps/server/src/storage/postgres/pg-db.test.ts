import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { isUnavailable } from './pg-db.js';

const dbError = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });

describe('isUnavailable', () => {
  it('says the server is away for connection failures, shutdowns and restarts', () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300']) expect(isUnavailable(dbError(code))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('does not for a refused statement or a bug', () => {
    for (const code of ['23505', '40001', '42P01', '22P02']) expect(isUnavailable(dbError(code))).toBe(false);
    expect(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isUnavailable(new Error('leases used before fence(nodeId)'))).toBe(false);
  });
});
