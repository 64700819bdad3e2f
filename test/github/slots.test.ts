/** Slots: the run's bound on requests in flight (src/github/slots.ts). */
import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/github/slots.js';

describe('Slots', () => {
  it('lets `size` holders in at once and the next in arrival order as each leaves', async () => {
    const slots = new Slots(2);
    const order: string[] = [];
    await slots.take();
    await slots.take();
    const waiting = ['a', 'b', 'c'].map((name) => slots.take().then(() => order.push(name)));
    await Promise.resolve();
    expect(order).toEqual([]);
    slots.give();
    await waiting[0];
    expect(order).toEqual(['a']);
    slots.give();
    slots.give();
    await Promise.all(waiting);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('holds at least one slot, whatever size it is given', async () => {
    const slots = new Slots(0);
    await slots.take();
    let second = false;
    const next = slots.take().then(() => (second = true));
    await Promise.resolve();
    expect(second).toBe(false);
    slots.give();
    await next;
    expect(second).toBe(true);
  });
});
