// @vitest-environment jsdom
// The first screen's hold on what it does not need to paint: released once it is on screen.
import { describe, expect, it } from 'vitest';
import { firstPaint, holdUntilFirstPaint } from './first-paint.ts';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve));
  return done;
};
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve))));

describe('the first paint hold', () => {
  it('holds nothing unless asked (tests, later screens)', async () => {
    expect(await settled(firstPaint())).toBe(true);
  });

  it('once asked, holds until a frame is out (jsdom has no paint entries)', async () => {
    holdUntilFirstPaint();
    const held = firstPaint();
    expect(await settled(held)).toBe(false);
    await nextFrame();
    expect(await settled(held)).toBe(true);
  });

  it('lets go when the tab is hidden before its frame', async () => {
    holdUntilFirstPaint();
    const held = firstPaint();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(held)).toBe(true);
  });
});
