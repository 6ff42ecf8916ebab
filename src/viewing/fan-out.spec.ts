import { FanOut } from './fan-out';
import { LiveViewer, SseFrame, sseFrame } from './viewer-socket';

/** A viewer that notes what it got; each write costs `costMs` on the shared fake clock. */
class FakeViewer implements LiveViewer {
  readonly got: string[] = [];
  ended = false;
  constructor(private readonly clock: { now: number }, private readonly costMs: number) {}
  write(frame: SseFrame): void {
    this.got.push(frame.plain.toString());
    this.clock.now += this.costMs;
  }
  end(frame?: SseFrame): void {
    if (frame) this.write(frame);
    this.ended = true;
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('FanOut', () => {
  const clock = { now: 0 };
  const viewers = (count: number, costMs = 0.5) => Array.from({ length: count }, () => new FakeViewer(clock, costMs));

  it('writes a frame to every viewer at once when the pass fits in a slice', () => {
    const fanOut = new FanOut(15, () => clock.now);
    const crowd = viewers(20);
    fanOut.send(crowd, sseFrame('a'));
    expect(crowd.map((viewer) => viewer.got)).toEqual(crowd.map(() => ['a']));
    expect(fanOut.pending).toBe(0);
  });

  it('lets the event loop in between slices of a long pass, and still gives every viewer every frame in order', async () => {
    const fanOut = new FanOut(15, () => clock.now);
    const crowd = viewers(200);
    fanOut.send(crowd, sseFrame('a'));
    fanOut.send(crowd, sseFrame('b'));
    // 0.5 ms a write: a 15 ms slice stops after a few dozen viewers.
    const firstSlice = crowd.filter((viewer) => viewer.got.length > 0).length;
    expect(firstSlice).toBeGreaterThan(0);
    expect(firstSlice).toBeLessThan(64);
    expect(fanOut.pending).toBe(2);
    while (fanOut.pending > 0) await turn();
    expect(crowd.map((viewer) => viewer.got.join())).toEqual(crowd.map(() => 'a,b'));
  });

  it('sends a frame to the viewers following when it was sent, not to one who came later', async () => {
    const fanOut = new FanOut(15, () => clock.now);
    const crowd = viewers(100);
    const following = new Set(crowd);
    fanOut.send(following, sseFrame('a'));
    const late = new FakeViewer(clock, 0.5);
    following.add(late);
    fanOut.send(following, sseFrame('b'));
    while (fanOut.pending > 0) await turn();
    expect(late.got).toEqual(['b']);
    expect(crowd.every((viewer) => viewer.got.join() === 'a,b')).toBe(true);
  });

  it('ends every stream after its last frame', async () => {
    const fanOut = new FanOut(15, () => clock.now);
    const crowd = viewers(100);
    fanOut.send(crowd, sseFrame('a'));
    fanOut.send(crowd, sseFrame('gone'), true);
    while (fanOut.pending > 0) await turn();
    expect(crowd.every((viewer) => viewer.ended && viewer.got.join() === 'a,gone')).toBe(true);
  });
});
