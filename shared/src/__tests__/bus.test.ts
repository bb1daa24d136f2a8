import { createBus } from '../bus';

type Events = { ping: { n: number }; other: { s: string } };

describe('event bus', () => {
  it('delivers typed payloads to subscribers until they unsubscribe', () => {
    const bus = createBus<Events>();
    const seen: number[] = [];
    const off = bus.on('ping', ({ n }) => seen.push(n));
    bus.emit('ping', { n: 1 });
    off();
    bus.emit('ping', { n: 2 });
    expect(seen).toEqual([1]);
    expect(bus.listenerCount('ping')).toBe(0);
  });

  it('one failing listener does not stop the others', () => {
    const bus = createBus<Events>();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const got: string[] = [];
    bus.on('other', () => {
      throw new Error('broken remote');
    });
    bus.on('other', ({ s }) => got.push(s));
    bus.emit('other', { s: 'still delivered' });
    expect(got).toEqual(['still delivered']);
    spy.mockRestore();
  });
});
