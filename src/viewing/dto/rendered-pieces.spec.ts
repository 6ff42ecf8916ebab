import { RenderedPieces } from './rendered-pieces';

describe('rendered pieces', () => {
  it('render a piece once, keep what was used lately, and let go of what was not used for two generations', () => {
    const pieces = new RenderedPieces(2);
    let renders = 0;
    const get = (key: string) => pieces.get(key, () => `<${key}>${++renders}`);
    expect([get('a'), get('a'), get('b')]).toEqual(['<a>1', '<a>1', '<b>2']);
    // A third key starts a new generation: a and b stay reachable in the previous one.
    expect(get('c')).toBe('<c>3');
    expect(get('a')).toBe('<a>1');
    // Two more new keys fill two generations without b: it is rendered again.
    get('d');
    get('e');
    expect(get('b')).toBe('<b>6');
    expect(renders).toBe(6);
  });
});
