import { describe, expect, it } from 'vitest';
import { PendingEvents } from './routes.ts';

describe('PendingEvents', () => {
  it('coalesces a burst per table, keeping the first-seen order and the last operation', () => {
    const pending = new PendingEvents();
    pending.add({ table: 'sonar_alerts', op: 'INSERT' });
    pending.add({ table: 'users', op: 'UPDATE' });
    pending.add({ table: 'sonar_alerts', op: 'DELETE' });
    expect(pending.take()).toEqual([
      { table: 'sonar_alerts', op: 'DELETE' },
      { table: 'users', op: 'UPDATE' },
    ]);
    expect(pending.empty).toBe(true);
  });

  it('sends one resync instead of the changes it covers', () => {
    const pending = new PendingEvents();
    pending.add({ table: 'users', op: 'UPDATE' });
    pending.add({ table: '*', op: 'RESYNC' });
    expect(pending.take()).toEqual([{ table: '*', op: 'RESYNC' }]);
    expect(pending.take()).toEqual([]);
  });
});
