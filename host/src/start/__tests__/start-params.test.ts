import { readStartParams } from '../start-params';

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
});
