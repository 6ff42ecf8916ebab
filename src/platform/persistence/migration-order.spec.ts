import type { MigrationObject } from '@mikro-orm/core';
import { inTimestampOrder } from './migration-order';

class Step {}
const migration = (name: string): MigrationObject => ({ name, class: Step as never });

describe('inTimestampOrder', () => {
  it('merges the modules’ lists oldest first, whatever order the modules come in', () => {
    const merged = inTimestampOrder([[migration('20261122000300-b'), migration('20261125000100-d')], [migration('20261121000100-a')], [migration('20261122000201-c')]]);
    expect(merged.map(({ name }) => name)).toEqual(['20261121000100-a', '20261122000201-c', '20261122000300-b', '20261125000100-d']);
  });

  it('refuses two migrations with one name, and a name without its timestamp', () => {
    expect(() => inTimestampOrder([[migration('20261121000100-a')], [migration('20261121000100-a')]])).toThrow('Two migrations are named 20261121000100-a');
    expect(() => inTimestampOrder([[migration('add-things')]])).toThrow('does not start with a timestamp');
  });
});
