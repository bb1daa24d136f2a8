import { AnswerCache, entityTag, ifNoneMatchNames } from '../cached-answer';

/** The cache of answers the same for everyone (translations, business config, catalogue lists). */
describe('AnswerCache', () => {
  const serialize = (value: unknown) => JSON.stringify(value);

  it('builds an answer once per key and stamp, and again when the stamp moves', async () => {
    const cache = new AnswerCache();
    let builds = 0;
    const build = async () => ({ value: { n: ++builds }, until: null });
    const first = await cache.answer('web:en', 'v1', 1000, build, serialize);
    expect(first.body.toString()).toBe('{"n":1}');
    expect(await cache.answer('web:en', 'v1', 2000, build, serialize)).toBe(first);
    expect(builds).toBe(1);
    const moved = await cache.answer('web:en', 'v2', 3000, build, serialize);
    expect(moved.body.toString()).toBe('{"n":2}');
    expect(moved.etag).not.toBe(first.etag);
    // Another key is another answer.
    expect((await cache.answer('web:ar', 'v2', 3000, build, serialize)).body.toString()).toBe('{"n":3}');
  });

  it('keeps an answer only for its span: from when it was built until before its end', async () => {
    const cache = new AnswerCache();
    let builds = 0;
    const build = async () => ({ value: ++builds, from: 1000, until: 5000 });
    await cache.answer('k', 's', 1000, build, serialize);
    await cache.answer('k', 's', 4999, build, serialize);
    expect(builds).toBe(1);
    expect((await cache.answer('k', 's', 5000, build, serialize)).body.toString()).toBe('2');
    // A clock moved back before the span (the e2e test clock) rebuilds too.
    await cache.answer('k', 's', 999, build, serialize);
    expect(builds).toBe(3);
  });

  it('never keeps a failed build', async () => {
    const cache = new AnswerCache();
    await expect(cache.answer('k', 's', 0, async () => Promise.reject(new Error('bad config')), serialize)).rejects.toThrow('bad config');
    expect(cache.size).toBe(0);
    expect((await cache.answer('k', 's', 0, async () => ({ value: 1, until: null }), serialize)).body.toString()).toBe('1');
  });

  it('keeps at most its number of keys, dropping the one built longest ago', async () => {
    const cache = new AnswerCache(2);
    let builds = 0;
    const build = async () => ({ value: ++builds, until: null });
    await cache.answer('a', 's', 0, build, serialize);
    await cache.answer('b', 's', 0, build, serialize);
    await cache.answer('c', 's', 0, build, serialize);
    expect(cache.size).toBe(2);
    await cache.answer('c', 's', 0, build, serialize);
    await cache.answer('b', 's', 0, build, serialize);
    expect(builds).toBe(3);
    await cache.answer('a', 's', 0, build, serialize);
    expect(builds).toBe(4);
  });

  it('sends the serializer bytes as they are, strings and buffers alike, under a tag of those bytes', async () => {
    const cache = new AnswerCache();
    const text = await cache.answer('t', 's', 0, async () => ({ value: 'مرحبا', until: null }), (v) => JSON.stringify(v));
    expect(text.body.toString('utf8')).toBe('"مرحبا"');
    const bytes = await cache.answer('b', 's', 0, async () => ({ value: null, until: null }), () => Buffer.from('"مرحبا"'));
    expect(bytes.body.equals(text.body)).toBe(true);
    expect(bytes.etag).toBe(text.etag);
    expect(text.etag).toBe(entityTag(Buffer.from('"مرحبا"')));
    expect(text.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });
});

describe('ifNoneMatchNames', () => {
  const tag = '"abc"';
  it('matches the tag, in a list, weakly, or any tag', () => {
    expect(ifNoneMatchNames('"abc"', tag)).toBe(true);
    expect(ifNoneMatchNames('"x", "abc"', tag)).toBe(true);
    expect(ifNoneMatchNames('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchNames(' * ', tag)).toBe(true);
  });
  it('does not match another tag, an unquoted one or none', () => {
    expect(ifNoneMatchNames(undefined, tag)).toBe(false);
    expect(ifNoneMatchNames('', tag)).toBe(false);
    expect(ifNoneMatchNames('"abd"', tag)).toBe(false);
    expect(ifNoneMatchNames('abc', tag)).toBe(false);
    expect(ifNoneMatchNames('"abc', tag)).toBe(false);
  });
});
