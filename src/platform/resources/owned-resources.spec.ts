import { NotFoundError, PreconditionFailedError } from '../../kernel/domain-error';
import { newShareId } from '../../kernel/sharing';
import { RetiredShareLinks } from '../sharing/retired-share-links';
import { OwnedResources } from './owned-resources';
import { OwnedResource } from './owned-rows';

interface Door extends OwnedResource {
  id: string;
  accountId: string;
}

class DoorNotFoundError extends NotFoundError {
  constructor() {
    super('The door');
  }
}

describe('owned resources', () => {
  const shareId = newShareId();
  const door: Door = { id: 'd1', accountId: 'a1', version: 3, shareId };
  const rows = {
    findOwned: async (accountId: string, id: string) => (accountId === door.accountId && id === door.id ? { ...door } : null),
    findShared: async (wanted: string) => (wanted === door.shareId ? { ...door } : null),
  };
  let retired: string[][];
  let doors: OwnedResources<Door>;

  beforeEach(() => {
    retired = [];
    const links = new RetiredShareLinks();
    links.bind(async (shareIds) => void retired.push(shareIds));
    doors = new OwnedResources(rows, () => new DoorNotFoundError(), 'door', links);
  });

  it("answers another account's resource, and a malformed or unknown share id, as not found", async () => {
    await expect(doors.get('a1', 'd1')).resolves.toMatchObject({ id: 'd1' });
    await expect(doors.get('a2', 'd1')).rejects.toThrow(DoorNotFoundError);
    await expect(doors.findShared(shareId)).resolves.toMatchObject({ id: 'd1' });
    await expect(doors.findShared('not a share id')).rejects.toThrow(DoorNotFoundError);
    await expect(doors.findShared(newShareId())).rejects.toThrow(DoorNotFoundError);
  });

  it('holds a write to If-Match', async () => {
    await expect(doors.freshVersion('a1', 'd1', (read) => read.version === 3, async (read) => read.version)).resolves.toBe(3);
    await expect(doors.freshVersion('a1', 'd1', (read) => read.version === 2, async () => 'written')).rejects.toThrow(PreconditionFailedError);
  });

  it('retires the link a committed write dropped or replaced, and only that one', async () => {
    const kept = doors.shareLinkWatch();
    kept.read(door);
    await kept.settle({ ...door, version: 4 });
    expect(retired).toEqual([]);

    const rotated = doors.shareLinkWatch();
    rotated.read(door);
    await rotated.settle({ ...door, shareId: newShareId() });
    const deleted = doors.shareLinkWatch();
    deleted.read(door);
    await deleted.settle(null);
    expect(retired).toEqual([[shareId], [shareId]]);
  });

  it('has nothing to retire for a resource that had no link', async () => {
    const watch = doors.shareLinkWatch();
    watch.read({ ...door, shareId: null });
    await watch.settle(null);
    expect(retired).toEqual([]);
  });
});
