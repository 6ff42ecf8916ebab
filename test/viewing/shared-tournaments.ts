import { randomUUID } from 'node:crypto';
import type { TestAccount } from '../support/accounts';
import type { TestHttp } from '../support/test-app';

const TOURNAMENTS = '/api/v1/tournaments';

export interface MatchJson {
  id: string;
  number: number;
  round: number;
  bracket: string;
  status: string;
  opponents: { participant_id: string | null; name: string | null; seed: number | null; score: number | null; result: string | null }[];
}

export interface SharedTournament {
  id: string;
  base: string;
  shareId: string;
  participants: { id: string; name: string }[];
}

/** Builds shared tournaments through the public API, as an organiser would. */
export class Organiser {
  constructor(
    private readonly http: () => TestHttp,
    private readonly account: () => TestAccount,
  ) {}

  private get as() {
    return { token: this.account().token };
  }

  async tournament(
    format: string,
    count: number,
    options: { start?: boolean; name?: string; names?: (index: number) => string; rounds?: number; visibility?: string; metadata?: Record<string, string>; bestOf?: number } = {},
  ): Promise<SharedTournament> {
    const body = {
      name: options.name ?? `Cup ${randomUUID().slice(0, 8)}`,
      format,
      visibility: options.visibility ?? 'unlisted',
      ...(options.rounds ? { rounds: options.rounds } : {}),
      ...(options.metadata ? { metadata: options.metadata } : {}),
      ...(options.bestOf ? { best_of: options.bestOf } : {}),
    };
    const created = await this.http().post(TOURNAMENTS, body, this.as);
    if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
    const { id, share_id: shareId } = created.json() as { id: string; share_id: string };
    const participants: { id: string; name: string }[] = [];
    const name = options.names ?? ((index: number) => `Player ${index + 1}`);
    for (let from = 0; from < count; from += 256) {
      const batch = Array.from({ length: Math.min(256, count - from) }, (_, index) => ({
        name: name(from + index),
        seed: from + index + 1,
        external_id: `ext-${from + index + 1}`,
        metadata: { email: `player${from + index + 1}@example.com` },
      }));
      const response = await this.http().post(`${TOURNAMENTS}/${id}/participants/bulk`, { participants: batch }, this.as);
      if (response.statusCode !== 201) throw new Error(`participants: ${response.statusCode} ${response.body}`);
      participants.push(...(response.json() as { data: { id: string; name: string }[] }).data);
    }
    if (options.start !== false && count >= 2) await this.patch(`${TOURNAMENTS}/${id}`, { status: 'in_progress' });
    return { id, base: `${TOURNAMENTS}/${id}`, shareId, participants };
  }

  async patch(url: string, body: unknown): Promise<unknown> {
    const response = await this.http().patch(url, body, this.as);
    if (response.statusCode !== 200) throw new Error(`PATCH ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  async matches(base: string): Promise<MatchJson[]> {
    const all: MatchJson[] = [];
    let cursor: string | null = null;
    do {
      const response = await this.http().get(`${base}/matches?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, this.as);
      if (response.statusCode !== 200) throw new Error(`matches: ${response.statusCode} ${response.body}`);
      const page = response.json() as { data: MatchJson[]; next_cursor: string | null };
      all.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return all;
  }

  /** Reports one ready match: the first opponent wins 2–1 unless `decide` says otherwise. */
  report(base: string, match: MatchJson, body?: object): Promise<unknown> {
    const result = body ?? (match.opponents.length > 2 ? { ranks: match.opponents.map((_, index) => index + 1) } : { scores: [2, 1] });
    return this.patch(`${base}/matches/${match.id}`, result);
  }

  /** Reports every ready match until none is left (or `limit` reports), round by round. */
  async playOut(base: string, decide?: (match: MatchJson) => object | undefined, limit = Infinity): Promise<number> {
    let reported = 0;
    for (;;) {
      const ready = (await this.matches(base)).filter((match) => match.status === 'ready');
      if (ready.length === 0) return reported;
      for (const match of ready) {
        if (reported >= limit) return reported;
        await this.report(base, match, decide?.(match));
        reported++;
      }
    }
  }
}
