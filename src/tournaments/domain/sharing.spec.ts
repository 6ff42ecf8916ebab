import { aTournament } from '../testing/a-tournament';
import { aLeague } from '../../leagues/testing/a-league';
import { isShareId, newShareId, NotSharedError } from '../../kernel/sharing';

describe('share links of tournaments and leagues', () => {
  it('are 22 url-safe characters of fresh randomness', () => {
    const ids = new Set(Array.from({ length: 1000 }, newShareId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isShareId(id)).toBe(true);
    expect(isShareId('short')).toBe(false);
    expect(isShareId('../../../etc/passwd.....')).toBe(false);
  });

  it.each([
    ['tournament', () => aTournament()],
    ['league', () => aLeague()],
  ])('a %s: private without a link; unlisted gets one, kept by other changes; rotation replaces it; private drops it', (_, make) => {
    const shared = make();
    expect({ visibility: shared.visibility, shareId: shared.shareId }).toEqual({ visibility: 'private', shareId: null });
    expect(() => shared.rotateShareId()).toThrow(NotSharedError);

    shared.update({ visibility: 'unlisted' });
    const first = shared.shareId!;
    expect(isShareId(first)).toBe(true);
    shared.update({ name: 'Renamed' });
    expect(shared.shareId).toBe(first);

    shared.rotateShareId();
    expect(isShareId(shared.shareId!)).toBe(true);
    expect(shared.shareId).not.toBe(first);

    shared.update({ visibility: 'private' });
    expect(shared.shareId).toBeNull();
  });

  it('stays editable on a running or finished tournament', () => {
    const tournament = aTournament({ status: 'completed' });
    expect(tournament.update({ visibility: 'unlisted' })).toBe(true);
    expect(tournament.shareId).not.toBeNull();
  });

  it('can be given at creation', () => {
    expect(aTournament({ visibility: 'unlisted' }).shareId).not.toBeNull();
  });
});
