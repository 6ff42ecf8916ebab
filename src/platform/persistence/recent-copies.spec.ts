import { RecentCopies } from './recent-copies';

interface Row {
  name: string;
}

describe('RecentCopies', () => {
  let clock = 0;
  const copies = (capacity = 2, maxAgeMs = 1_000) => new RecentCopies<Row>((row) => ({ ...row }), capacity, maxAgeMs, () => clock);
  beforeEach(() => (clock = 0));

  it('hands out a private copy of the row as written, with the row version it was written at', () => {
    const recent = copies();
    const written = { name: 'Cup' };
    recent.remember('a', written, '101');
    written.name = 'changed by its caller afterwards';
    const copy = recent.take('a')!;
    expect(copy).toEqual({ name: 'Cup' });
    copy.name = 'changed by a writer';
    expect(recent.take('a')).toEqual({ name: 'Cup' });
    expect(recent.rowVersionOf(copy)).toBe('101');
    expect(recent.rowVersionOf(written)).toBeUndefined();
    expect(recent.take('b')).toBeUndefined();
  });

  it('counts a copy written only once its write went through', () => {
    const recent = copies();
    recent.remember('a', { name: 'Cup' }, '1');
    const saved = recent.take('a')!;
    const deleted = recent.take('a')!;
    const lost = recent.take('a')!;
    recent.remember('a', saved, '2');
    recent.removed('a', deleted);
    recent.forget('a');
    expect([recent.wasWritten(saved), recent.wasWritten(deleted), recent.wasWritten(lost)]).toEqual([true, true, false]);
    expect(recent.take('a')).toBeUndefined();
  });

  it('keeps the most recently used copies up to its capacity', () => {
    const recent = copies(2);
    recent.remember('a', { name: 'A' }, '1');
    recent.remember('b', { name: 'B' }, '2');
    recent.take('a');
    recent.remember('c', { name: 'C' }, '3');
    expect([recent.take('a'), recent.take('b'), recent.take('c')]).toEqual([{ name: 'A' }, undefined, { name: 'C' }]);
  });

  it('drops a copy older than its age limit', () => {
    const recent = copies(2, 1_000);
    recent.remember('a', { name: 'A' }, '1');
    clock = 1_000;
    expect(recent.take('a')).toEqual({ name: 'A' });
    clock = 1_001;
    expect(recent.take('a')).toBeUndefined();
  });
});
