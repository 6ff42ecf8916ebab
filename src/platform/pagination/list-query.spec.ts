import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ListQuery, SortedBy, SortParameter, sortsOf, StatusList } from './list-query';

class ListDoorsQuery extends ListQuery {
  @SortedBy(['name', 'opened_at'])
  sort?: SortParameter<'name' | 'opened_at'>;

  @StatusList(['open', 'shut'])
  status?: string;
}

async function problems(query: Record<string, unknown>): Promise<string[]> {
  const errors = await validate(plainToInstance(ListDoorsQuery, query));
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('list query parameters', () => {
  it('sorts by each field ascending or, with a leading -, descending', async () => {
    expect(sortsOf(['name', 'opened_at'])).toEqual(['name', '-name', 'opened_at', '-opened_at']);
    expect(await problems({ sort: '-opened_at' })).toEqual([]);
    expect(await problems({ sort: 'colour' })).toEqual(['sort must be one of name, -name, opened_at, -opened_at.']);
  });

  it('takes statuses comma-separated or repeated, and names the statuses when one is unknown', async () => {
    expect(await problems({ status: 'open,shut' })).toEqual([]);
    expect(await problems({ status: ['open', 'shut'] })).toEqual([]);
    expect(await problems({})).toEqual([]);
    expect(await problems({ status: 'open,ajar' })).toEqual(['status must be a comma-separated list of open, shut.']);
    expect(await problems({ status: 'open,' })).toEqual(['status must be a comma-separated list of open, shut.']);
  });
});
