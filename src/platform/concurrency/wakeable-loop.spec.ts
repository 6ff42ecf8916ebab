import { WakeableLoop } from './wakeable-loop';

/** A pass the test ends by hand: each call waits until `finish` (or `fail`) is called for it. */
class ScriptedPass {
  calls = 0;
  private ends: Array<{ resolve: (more: boolean) => void; reject: (error: Error) => void }> = [];

  readonly run = (): Promise<boolean> => {
    this.calls++;
    return new Promise((resolve, reject) => this.ends.push({ resolve, reject }));
  };

  async finish(more = false): Promise<void> {
    this.ends.shift()!.resolve(more);
    await settle();
  }

  async fail(error: Error): Promise<void> {
    this.ends.shift()!.reject(error);
    await settle();
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('WakeableLoop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function aLoop(pass: ScriptedPass, errors: unknown[] = []): WakeableLoop {
    return new WakeableLoop(pass.run, { pollMs: 1_000, onError: (error) => errors.push(error) });
  }

  it('runs one more pass for any number of wakes during a pass, then rests', async () => {
    const pass = new ScriptedPass();
    const loop = aLoop(pass);
    loop.wake();
    loop.wake();
    loop.wake();
    expect(pass.calls).toBe(1);
    await pass.finish();
    expect(pass.calls).toBe(2);
    await pass.finish();
    expect(pass.calls).toBe(2);
    await loop.stop();
  });

  it('with settleMs, starts passes at least that far apart, one pass for the wakes in between', async () => {
    const pass = new ScriptedPass();
    const loop = new WakeableLoop(pass.run, { pollMs: 60_000, onError: () => undefined, settleMs: 50 });
    loop.wake();
    expect(pass.calls).toBe(1);
    await pass.finish();
    loop.wake();
    loop.wake();
    await settle();
    expect(pass.calls).toBe(1);
    await jest.advanceTimersByTimeAsync(49);
    expect(pass.calls).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(pass.calls).toBe(2);
    await pass.finish();
    expect(pass.calls).toBe(2);
  });

  it('runs again at once when a pass says more work waits', async () => {
    const pass = new ScriptedPass();
    const loop = aLoop(pass);
    loop.wake();
    await pass.finish(true);
    expect(pass.calls).toBe(2);
    await pass.finish(false);
    expect(pass.calls).toBe(2);
    await loop.stop();
  });

  it('polls every pollMs once started, so a lost wake-up is only late', async () => {
    const pass = new ScriptedPass();
    const loop = aLoop(pass);
    loop.start();
    expect(pass.calls).toBe(1);
    await pass.finish();
    await jest.advanceTimersByTimeAsync(999);
    expect(pass.calls).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(pass.calls).toBe(2);
    await pass.finish();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(pass.calls).toBe(3);
    await pass.finish();
    await loop.stop();
  });

  it('polls through the wake it is started with, so its owner sees every poll', async () => {
    const pass = new ScriptedPass();
    const loop = aLoop(pass);
    let wakes = 0;
    loop.start(() => wakes++);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(wakes).toBe(3);
    expect(pass.calls).toBe(0);
    await loop.stop();
  });

  it('reports a failed pass and runs the next one when woken again', async () => {
    const pass = new ScriptedPass();
    const errors: unknown[] = [];
    const loop = aLoop(pass, errors);
    loop.wake();
    await pass.fail(new Error('database went away'));
    expect(errors).toEqual([new Error('database went away')]);
    loop.wake();
    expect(pass.calls).toBe(2);
    await pass.finish();
    await loop.stop();
  });

  it('keeps polling after a failed pass', async () => {
    const pass = new ScriptedPass();
    const loop = aLoop(pass);
    loop.start();
    await pass.fail(new Error('database went away'));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(pass.calls).toBe(2);
    await pass.finish();
    await loop.stop();
  });

  it('stop waits for the running pass, then starts no other', async () => {
    const pass = new ScriptedPass();
    const loop = aLoop(pass);
    loop.start();
    loop.wake(); // asks for another pass, which stop cancels
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    expect(loop.stopped).toBe(true);
    await pass.finish(true);
    await stopping;
    expect(stopped).toBe(true);
    loop.wake();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(pass.calls).toBe(1);
  });

  it('idle resolves once the running pass and the passes it asked for have ended', async () => {
    const pass = new ScriptedPass();
    const loop = aLoop(pass);
    loop.wake();
    let idle = false;
    const waiting = loop.idle().then(() => (idle = true));
    await pass.finish(true);
    expect(idle).toBe(false);
    await pass.finish();
    await waiting;
    expect(idle).toBe(true);
    await loop.stop();
  });
});
