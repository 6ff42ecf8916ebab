import { participantNameKey } from './participant-name';

describe('participantNameKey', () => {
  it.each([
    ['case', 'Ana', 'ANA'],
    ['ß and SS', 'Straße', 'STRASSE'],
    ['ß and ss', 'Weiß', 'weiss'],
    ['composed and decomposed accents (NFC)', 'Zo\u00eb', 'Zoe\u0308'],
    ['full-width look-alikes (NFKC)', 'Ａｎａ', 'Ana'],
    ['a ligature', 'ﬁnn', 'Finn'],
    ['a zero-width space', 'A\u200bna', 'Ana'],
    ['a zero-width joiner and a soft hyphen', 'An\u200d\u00ada', 'Ana'],
    ['a byte order mark', '\ufeffAna', 'Ana'],
    ['runs of white space', 'Team  Liquid', 'Team\u00a0Liquid'],
    ['Greek final sigma', 'ΟΔΥΣΣΕΥΣ', 'οδυσσευς'],
  ])('makes %s one name', (_what, first, second) => {
    expect(participantNameKey(first)).toBe(participantNameKey(second));
  });

  it.each([
    ['different letters', 'Ana', 'Ann'],
    ['an accent that is there or not', 'Zoë', 'Zoe'],
    ['a space that is there or not', 'Team Liquid', 'TeamLiquid'],
    ['a digit and a letter', 'B0b', 'Bob'],
  ])('keeps %s apart', (_what, first, second) => {
    expect(participantNameKey(first)).not.toBe(participantNameKey(second));
  });
});
