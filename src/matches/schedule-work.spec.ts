import { WorkerPool } from '../platform/work/worker-pool';
import { MATCH_TASK_ERRORS, MatchTasks } from './match-work';
import { planSchedule, ScheduleInput } from '../competition/schedule/schedule';
import { HOUR, MINUTE, scheduleTournament, someStations } from '../competition/testing/schedule-tournaments';

describe('planSchedule in a worker thread', () => {
  let pool: WorkerPool<MatchTasks>;

  beforeAll(() => {
    pool = new WorkerPool<MatchTasks>({
      module: require.resolve('./match-work'),
      exportName: 'MATCH_TASKS',
      threads: 1,
      maxQueued: 4,
      taskTimeoutMs: 20_000,
      maxHeapMb: 256,
      errorTypes: MATCH_TASK_ERRORS,
    });
  });

  afterAll(() => pool.close());

  it('plans a 512-player double elimination on 32 stations as the function does in place: its input and plan are plain data', async () => {
    const from = Date.UTC(2026, 4, 1, 17);
    const input: ScheduleInput = {
      matches: scheduleTournament('double_elimination', 512),
      stations: someStations(32),
      windows: [{ from, to: from + 8 * HOUR }, { from: from + 24 * HOUR, to: from + 48 * HOUR }],
      restMs: 10 * MINUTE,
      from,
      keepOrder: true,
    };
    const inWorker = await pool.run('planSchedule', input);
    expect(inWorker.planned).toHaveLength(input.matches.length);
    expect(inWorker).toEqual(planSchedule(input));
  });
});
