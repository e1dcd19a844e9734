import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { registerProblems } from '../account/credentials';
import { apiErrorText, waitText } from './api-errors';

const fail = (status: number, error: string, message = 'server words', retryAfterS: number | null = null) => ({
  ok: false as const,
  status,
  error: { error, message } as never,
  retryAfterS,
});

describe('HTTP refusals for people', () => {
  afterAll(() => setLanguage('en', false));

  it('names each refusal by its code', () => {
    expect(apiErrorText(fail(409, 'username-taken'))).toBe('That username is taken: choose another');
    expect(apiErrorText(fail(401, 'bad-credentials'))).toBe('Wrong username or password');
    expect(apiErrorText(fail(403, 'banned'))).toBe('This account is banned');
    expect(apiErrorText(fail(0, 'bad-request', 'offline'))).toBe('Not connected to the server');
  });

  it('says how long to wait when throttled', () => {
    expect(apiErrorText(fail(429, 'too-many-attempts', 'x', 42))).toBe('Too many attempts: try again in 42 seconds');
    expect(apiErrorText(fail(429, 'too-many-attempts', 'x', 61))).toBe('Too many attempts: try again in 2 minutes');
    expect(apiErrorText(fail(429, 'too-many-attempts'))).toBe('Too many attempts: wait a little and try again');
    expect(waitText(0.2)).toBe('1 second');
    expect(waitText(60)).toBe('1 minute');
  });

  it('keeps the server’s precise reason for a bad request in English, and a generic one otherwise', async () => {
    expect(apiErrorText(fail(400, 'bad-request', 'username: too short'))).toBe('username: too short');
    expect(apiErrorText(fail(500, 'mystery' as string))).toBe('Something went wrong: try again');
    await setLanguage('ja', false);
    expect(apiErrorText(fail(400, 'bad-request', 'username: too short'))).toBe('問題が発生しました。もう一度お試しください');
    expect(apiErrorText(fail(409, 'username-taken'))).toBe('そのユーザー名は使われています。別の名前を選んでください');
    expect(apiErrorText(fail(429, 'too-many-attempts', 'x', 30))).toBe('試行回数が多すぎます。30秒後にもう一度お試しください');
    await setLanguage('en', false);
  });
});

describe('sign-up checked live with the protocol’s schemas', () => {
  it('accepts what the server accepts', () => {
    expect(registerProblems('Aiko_7', 'correct horse')).toEqual({});
  });
  it('says what is wrong with each field', () => {
    expect(registerProblems('ab', 'correct horse').username).toBe('A username has at least 3 characters');
    expect(registerProblems('a'.repeat(21), 'correct horse').username).toBe('A username has at most 20 characters');
    expect(registerProblems('7eleven', 'correct horse').username).toBe('Start with a letter; use only letters A–Z, digits, _ and -');
    expect(registerProblems('Aikö', 'correct horse').username).toBe('Start with a letter; use only letters A–Z, digits, _ and -');
    expect(registerProblems('Admin', 'correct horse').username).toBe('That username is reserved');
    expect(registerProblems('Aiko', 'short').password).toBe('A password has at least 8 characters');
    expect(registerProblems('Aikoaiko', 'AIKOAIKO').password).toBe('The password may not be the username');
    expect(registerProblems('', '')).toEqual({ username: 'A username has at least 3 characters', password: 'A password has at least 8 characters' });
  });
});
