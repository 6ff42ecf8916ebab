import { StreamSlots, TooManyViewerStreamsError } from './stream-slots';

describe('viewer stream slots', () => {
  it('refuse an address past its bound, and anyone past the instance’s; a release frees its slot once', () => {
    const slots = new StreamSlots({ perAddress: 2, perInstance: 3 });
    const first = slots.take('ip:a');
    slots.take('ip:a');
    expect(() => slots.take('ip:a')).toThrow(expect.objectContaining({ code: 'viewer_streams_exceeded', extensions: { scope: 'address', limit: 2 } }));
    slots.take('ip:b');
    expect(() => slots.take('ip:c')).toThrow(expect.objectContaining({ extensions: { scope: 'instance', limit: 3 } }));
    first();
    first();
    expect(slots.open()).toBe(2);
    expect(slots.open('ip:a')).toBe(1);
    slots.take('ip:c');
    expect(() => slots.take('ip:d')).toThrow(TooManyViewerStreamsError);
  });
});
