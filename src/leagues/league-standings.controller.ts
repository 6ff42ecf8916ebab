import { Controller, Get, Param } from '@nestjs/common';
import { ResourceIdPipe } from '../platform/http/resource-id.pipe';
import { AuthenticatedAccount } from '../tokens';
import { CurrentAccount } from '../tokens';
import { LeagueNotFoundError } from './domain/league-errors';
import { presentLeagueStandings } from './dto/league-standings.presenter';
import { LeagueStandingsService } from './league-standings.service';

const LeagueId = new ResourceIdPipe(LeagueNotFoundError);

@Controller('/api/v1/leagues/:id')
export class LeagueStandingsController {
  constructor(private readonly standings: LeagueStandingsService) {}

  @Get('standings')
  async get(@CurrentAccount() account: AuthenticatedAccount, @Param('id', LeagueId) id: string) {
    return presentLeagueStandings(await this.standings.standings(account.id, id));
  }
}
