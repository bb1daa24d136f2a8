import { addressWithoutStartParams, dropStartParamsFromAddress, readStartParams } from '../start-params';

describe('start parameters', () => {
  it('reads the known parameters from the query and the hash query, ignoring others', () => {
    expect(readStartParams({ search: '?vip=1&evil=x&product_code=199', hash: '#/number?search=777' })).toEqual({
      vip: '1',
      product_code: '199',
      search: '777',
    });
  });

  it('drops absurdly long values', () => {
    expect(readStartParams({ search: `?gclid=${'a'.repeat(300)}`, hash: '' })).toEqual({});
  });

  it('takes them out of the address once applied, before and inside the hash, keeping everything else', () => {
    expect(addressWithoutStartParams('https://join.test/?vip=gold&utm=x#/number/search?search=77&page=2')).toBe(
      'https://join.test/?utm=x#/number/search?page=2',
    );
    expect(addressWithoutStartParams('https://join.test/?gclid=g#/plan-selection')).toBe('https://join.test/#/plan-selection');
    // A BNPL return's own query is not a start parameter: nothing to drop.
    expect(addressWithoutStartParams('https://join.test/#/spotii-success?order=42')).toBeNull();
  });

  it('replaces the history entry instead of pushing one', () => {
    const history = { state: { idx: 0 }, replaceState: jest.fn() };
    dropStartParamsFromAddress({ href: 'https://join.test/?plantype=commitment#/' }, history);
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', 'https://join.test/#/');
    history.replaceState.mockClear();
    dropStartParamsFromAddress({ href: 'https://join.test/#/number' }, history);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
