import { AccountTail, TailEntry } from './account-tail';

const entry = (sequence: number): TailEntry => ({
  event: { id: `e${sequence}`, sequence, type: 'match.reported', occurredAt: new Date(0), tournamentId: null, leagueId: null, data: {} },
  frame: Buffer.from(`id: ${sequence}\n\n`),
});
const sequences = (entries: TailEntry[]) => entries.map((item) => item.event.sequence);

describe('AccountTail', () => {
  it('gives a stream the events after its position, and covers only positions from its base on', () => {
    const tail = new AccountTail(10, 100);
    tail.push([11, 12, 13].map(entry));
    expect(sequences(tail.after(11))).toEqual([12, 13]);
    expect(sequences(tail.after(10))).toEqual([11, 12, 13]);
    expect(tail.covers(9)).toBe(false);
    expect(tail.head).toBe(13);
  });

  it('ignores events it already holds (an overlapping fetch)', () => {
    const tail = new AccountTail(0, 100);
    expect(tail.push([1, 2].map(entry))).toBe(2);
    expect(tail.push([2, 3].map(entry))).toBe(1);
    expect(sequences(tail.after(0))).toEqual([1, 2, 3]);
  });

  it('keeps at most its capacity: the base moves up and older positions must read the database', () => {
    const tail = new AccountTail(0, 3);
    for (let sequence = 1; sequence <= 10; sequence++) tail.push([entry(sequence)]);
    expect(tail.base).toBe(7);
    expect(tail.covers(6)).toBe(false);
    expect(sequences(tail.after(7))).toEqual([8, 9, 10]);
  });

  it('keeps its messages under a byte bound too', () => {
    const tail = new AccountTail(0, 100, 30);
    for (let sequence = 1; sequence <= 10; sequence++) tail.push([entry(sequence)]);
    expect(tail.after(tail.base).reduce((sum, item) => sum + item.frame.length, 0)).toBeLessThanOrEqual(30);
    expect(tail.head).toBe(10);
  });
});
