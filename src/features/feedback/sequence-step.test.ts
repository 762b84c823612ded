import { describe, expect, it } from 'vitest';
import { nextInListOrder, resolveNext } from './sequence-step';

describe('nextInListOrder', () => {
  it('takes the output after the current one, wrapping to the first', () => {
    expect(nextInListOrder(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextInListOrder(['a', 'b', 'c'], 'c')).toBe('a');
  });
  it('starts at the first when the current one is not in the list or there is none', () => {
    expect(nextInListOrder(['a', 'b'], 'x')).toBe('a');
    expect(nextInListOrder(['a', 'b'], null)).toBe('a');
  });
  it('has nothing when the list holds no other output', () => {
    expect(nextInListOrder(['a'], 'a')).toBeNull();
    expect(nextInListOrder([], null)).toBeNull();
  });
});

describe('resolveNext', () => {
  it("shows the server's pick when it is another output", () => {
    expect(resolveNext(['a', 'b', 'c'], 'a', 'c')).toEqual({ id: 'c', fallback: false });
  });
  it('falls back to the list order when the server has no pick or repeats the current one', () => {
    expect(resolveNext(['a', 'b', 'c'], 'a', null)).toEqual({ id: 'b', fallback: true });
    expect(resolveNext(['a', 'b', 'c'], 'b', 'b')).toEqual({ id: 'c', fallback: true });
  });
  it('reports no output when neither the server nor the list has another', () => {
    expect(resolveNext(['a'], 'a', null)).toEqual({ id: null, fallback: true });
  });
});
