/**
 * Markup of small pieces (a match, a standings row) by what they show, so that a page re-rendered for a new state
 * renders only the pieces that changed: one result on a 1 024-player bracket changes two matches and a few rows of
 * about 2 000. Two generations: a piece used by the last pages stays, the others go once `capacity` new ones came.
 */
export class RenderedPieces<Piece = string> {
  private current = new Map<string, Piece>();
  private previous = new Map<string, Piece>();

  constructor(private readonly capacity: number) {}

  /** The markup for `key` (everything the piece shows, as text), made by `render` the first time. */
  get(key: string, render: () => Piece): Piece {
    let html = this.current.get(key);
    if (html !== undefined) return html;
    html = this.previous.get(key) ?? render();
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, html);
    return html;
  }
}
