import { DomainError, joinErrorStatuses, ServiceFailure } from '../../domain-error';
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

  it('answers an error that names a situation by the situation, not by its code', () => {
    const table = joinErrorStatuses({ [-169]: 403, refused: 422, unreachable: 503 });
    expect(toHttpError(new DomainError(-169, 'Too many SIMs'), table)?.statusCode).toBe(403);
    const refused = toHttpError(new DomainError(-169, 'Too many SIMs', undefined, undefined, 'refused'), table);
    expect([refused?.statusCode, refused?.toBody()]).toEqual([422, { code: -169, message: 'Too many SIMs' }]);
    expect(toHttpError(new DomainError(-169, 'x', undefined, undefined, 'unheard_of'), table)).toBeNull();
  });

  it('tells a service failure from a refusal whatever the table says', () => {
    const failure = new ServiceFailure(-607, 'Not reachable', undefined, undefined, 'unreachable');
    expect(failure).toBeInstanceOf(DomainError);
    expect(isRefusal(failure)).toBe(false);
    expect(toHttpError(failure, joinErrorStatuses({ unreachable: 503 }))?.statusCode).toBe(503);
  });
});
