import { DomainError, joinErrorStatuses } from '../../domain-error';
import { toHttpError } from '../error-handling';
import { HttpError } from '../http-error';
import { isRefusal } from '../../domain-error';

/** A domain's refusal becomes an HTTP answer through the status tables the modules give. */
describe('domain errors', () => {
  const statuses = joinErrorStatuses({ taken: 409, [-2010]: 410 }, { rate_limited: 429 });

  it('answers a DomainError with the status its code maps to, and keeps its body', () => {
    const http = toHttpError(new DomainError('taken', 'Someone was quicker', 'body.number', { retry_after_s: 5 }), statuses);
    expect(http?.statusCode).toBe(409);
    expect(http?.toBody()).toEqual({ code: 'taken', message: 'Someone was quicker', field: 'body.number', retry_after_s: 5 });
    expect(http?.headers()).toEqual({ 'retry-after': '5' });
    expect(toHttpError(new DomainError(-2010, 'Expired'), statuses)?.statusCode).toBe(410);
  });

  it('leaves a code no table names unanswered (the handler logs it and answers 500)', () => {
    expect(toHttpError(new DomainError('unheard_of', 'What is this'), statuses)).toBeNull();
  });

  it('passes an HttpError through with its own status', () => {
    const own = new HttpError(503, 'taken', 'Not now');
    expect(toHttpError(own, statuses)).toBe(own);
  });

  it('refuses two statuses for one code', () => {
    expect(joinErrorStatuses({ a: 409 }, { a: 409 })).toEqual({ a: 409 });
    expect(() => joinErrorStatuses({ a: 409 }, { a: 410 })).toThrow(/two HTTP statuses: 409 and 410/);
  });

  it('tells a refusal from a failure', () => {
    expect(isRefusal(new DomainError('taken', 'x'))).toBe(true);
    expect(isRefusal(new HttpError(409, 'taken', 'x'))).toBe(true);
    expect(isRefusal(new HttpError(503, 'internal', 'x'))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
  });
});
