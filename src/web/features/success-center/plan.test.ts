import { describe, expect, it } from 'vitest';
import { airAllowance } from './plan.ts';

describe('airAllowance', () => {
  it('states the monthly AIR generations of the plan', () => {
    expect(airAllowance(3)).toBe('3 AIR generations per month included');
    expect(airAllowance(0)).toBe('0 AIR generations per month included');
  });

  it('uses the singular for one generation', () => {
    expect(airAllowance(1)).toBe('1 AIR generation per month included');
  });
});
