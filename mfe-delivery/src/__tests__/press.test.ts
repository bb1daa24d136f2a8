import { MAP_CLICK_MS, MAP_LONG_PRESS_MS } from '@join/shared/delivery';
import { PressDetector, PRESS_TOLERANCE_PX } from '../map/press';

describe('PressDetector (SPEC 9: long press 500 ms, click 300 ms)', () => {
  let drops: Array<[number, number]>;
  let d: PressDetector;
  beforeEach(() => {
    jest.useFakeTimers();
    drops = [];
    d = new PressDetector((x, y) => drops.push([x, y]));
  });
  afterEach(() => jest.useRealTimers());

  it('a click released within 300 ms drops the pin where it was released', () => {
    d.pointerDown(1, 10, 20, 0, true);
    d.pointerUp(1, 12, 21, MAP_CLICK_MS - 1);
    expect(drops).toEqual([[12, 21]]);
  });

  it('a press released between 300 and 500 ms drops nothing', () => {
    d.pointerDown(1, 10, 20, 0, true);
    jest.advanceTimersByTime(MAP_CLICK_MS + 50);
    d.pointerUp(1, 10, 20, MAP_CLICK_MS + 50);
    jest.advanceTimersByTime(MAP_LONG_PRESS_MS);
    expect(drops).toEqual([]);
  });

  it('a press held 500 ms drops the pin without waiting for the release, once', () => {
    d.pointerDown(1, 10, 20, 0, true);
    jest.advanceTimersByTime(MAP_LONG_PRESS_MS - 1);
    expect(drops).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(drops).toEqual([[10, 20]]);
    d.pointerUp(1, 10, 20, MAP_LONG_PRESS_MS + 200);
    expect(drops).toHaveLength(1);
  });

  it('a pointer that moves is a pan: neither a click nor a long press', () => {
    d.pointerDown(1, 10, 20, 0, true);
    d.pointerMove(1, 10 + PRESS_TOLERANCE_PX + 1, 20);
    jest.advanceTimersByTime(MAP_LONG_PRESS_MS);
    d.pointerUp(1, 10 + PRESS_TOLERANCE_PX + 1, 20, 100);
    expect(drops).toEqual([]);
  });

  it('a small wobble is still a press', () => {
    d.pointerDown(1, 10, 20, 0, true);
    d.pointerMove(1, 13, 22);
    jest.advanceTimersByTime(MAP_LONG_PRESS_MS);
    expect(drops).toEqual([[10, 20]]);
  });

  it('a second finger (a pinch) cancels', () => {
    d.pointerDown(1, 10, 20, 0, true);
    d.pointerDown(2, 50, 60, 10, false);
    jest.advanceTimersByTime(MAP_LONG_PRESS_MS);
    d.pointerUp(1, 10, 20, 100);
    expect(drops).toEqual([]);
  });
});
