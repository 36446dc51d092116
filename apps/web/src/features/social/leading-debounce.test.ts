import { describe, expect, it } from 'vitest';
import { createLeadingDebounce, SOCIAL_DEBOUNCE_MS } from './leading-debounce';

describe('createLeadingDebounce (SPEC 4: 500 ms on follow and like)', () => {
  it('lets the first click through and drops clicks within 500 ms of the previous one', () => {
    let now = 1000;
    const gate = createLeadingDebounce(SOCIAL_DEBOUNCE_MS, () => now);
    expect(gate.pass()).toBe(true);
    now += 499;
    expect(gate.pass()).toBe(false);
    // Measured from the previous click, dropped or not.
    now += 499;
    expect(gate.pass()).toBe(false);
    now += 500;
    expect(gate.pass()).toBe(true);
  });
});
