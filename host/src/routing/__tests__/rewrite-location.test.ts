import { rewriteLocation } from '../rewrite-location';

describe('path rewriting (SPEC 2)', () => {
  it.each([
    ['/join/spotii-success', '?order=1', '/spotii-success?order=1'],
    ['/spotii-fail', '', '/spotii-fail'],
    ['/contract-request', '?id=7', '/contract-request?id=7'],
  ])('%s%s becomes the hash route %s', (pathname, search, route) => {
    const replaceState = jest.fn();
    expect(rewriteLocation({ pathname, search }, { replaceState })).toBe(route);
    expect(replaceState).toHaveBeenCalledWith(null, '', `/#${route}`);
  });

  it('leaves other paths alone', () => {
    const replaceState = jest.fn();
    expect(rewriteLocation({ pathname: '/', search: '' }, { replaceState })).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });
});
