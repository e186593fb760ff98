import { describe, expect, it } from 'vitest';
import { remembered } from './memo.ts';

describe('remembered', () => {
  it('works a value out once per argument and answers it again', () => {
    let calls = 0;
    const square = remembered((n: number) => {
      calls++;
      return n * n;
    });
    expect([square(3), square(3), square(4), square(3)]).toEqual([9, 9, 16, 9]);
    expect(calls).toBe(2);
  });

  it('keeps the last `max` arguments only, and still answers rightly for the forgotten ones', () => {
    let calls = 0;
    const upper = remembered((s: string) => {
      calls++;
      return s.toUpperCase();
    }, 2);
    upper('a');
    upper('b');
    upper('c'); // 'a' goes
    expect(upper('a')).toBe('A');
    expect(calls).toBe(4);
    expect(upper('c')).toBe('C');
    expect(calls).toBe(4);
  });

  it('remembers an answer of null or undefined too', () => {
    let calls = 0;
    const nothing = remembered((_: string) => {
      calls++;
      return null;
    });
    nothing('x');
    expect(nothing('x')).toBeNull();
    expect(calls).toBe(1);
  });
});
