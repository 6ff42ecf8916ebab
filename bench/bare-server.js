#!/usr/bin/env node
// The benchmark's yardstick: a bare node:http + pg server (pool of 10) doing the naive SQL of each scenario:
// look the token's digest up joined to its account, then run the query and JSON.stringify the rows.
// Naive on purpose: no validation, no ETag, no rate limit, no logging. Started by bench/run.js.
'use strict';
const { createHash } = require('node:crypto');
const { createServer } = require('node:http');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const COLUMNS = `id, name, description, game, format, participant_type, max_participants, status, timezone, starts_at, ends_at,
  league_id, metadata, started_at, completed_at, created_at, updated_at, version`;
const ONE = `select ${COLUMNS} from tournaments where id = $1 and account_id = $2`;

async function caller(request) {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query(
    'select a.id, a.plan from api_tokens t join accounts a on a.id = t.account_id where t.digest = $1',
    [digest],
  );
  return rows[0]?.plan === 'premium' ? rows[0].id : undefined;
}

async function list(accountId, query) {
  const limit = Number(query.get('limit') ?? 20);
  const args = [accountId];
  const where = ['account_id = $1'];
  const param = (value) => `$${args.push(value)}`;
  if (query.get('status')) where.push(`status = ${param(query.get('status'))}`);
  if (query.get('game')) where.push(`lower(game) = lower(${param(query.get('game'))})`);
  if (query.get('q')) where.push(`name ilike ${param(`%${query.get('q')}%`)}`);
  let order = 'created_at desc, id desc';
  if (query.get('sort') === 'starts_at') order = `coalesce(starts_at, 'infinity'::timestamptz), id`;
  if (query.get('after_created_at')) {
    where.push(`(created_at, id) < (${param(query.get('after_created_at'))}, ${param(query.get('after_id'))})`);
  }
  const { rows } = await pool.query(`select ${COLUMNS} from tournaments where ${where.join(' and ')} order by ${order} limit ${limit + 1}`, args);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { data: rows.slice(0, limit), next_cursor: last ? `${last.created_at.toISOString()}|${last.id}` : null };
}

async function create(accountId, body) {
  const now = new Date();
  const { rows } = await pool.query(
    `insert into tournaments (id, account_id, name, game, format, participant_type, status, timezone, starts_at, metadata, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, 'single', 'draft', 'UTC', $5, '{}', $6, $6) returning ${COLUMNS}`,
    [accountId, body.name, body.game ?? null, body.format, body.starts_at ?? null, now],
  );
  return rows[0];
}

async function patch(accountId, id, body) {
  const { rows } = await pool.query(
    `update tournaments set description = $3, updated_at = now(), version = version + 1
      where id = $1 and account_id = $2 returning ${COLUMNS}`,
    [id, accountId, body.description ?? null],
  );
  return rows[0];
}

async function handle(request, response, body) {
  const url = new URL(request.url, 'http://bare');
  const accountId = await caller(request);
  if (!accountId) return send(response, 401, { code: 'invalid_token' });
  const id = url.pathname.split('/')[2];
  if (request.method === 'GET' && id) {
    const { rows } = await pool.query(ONE, [id, accountId]);
    return rows[0] ? send(response, 200, rows[0]) : send(response, 404, { code: 'not_found' });
  }
  if (request.method === 'GET') return send(response, 200, await list(accountId, url.searchParams));
  if (request.method === 'POST') return send(response, 201, await create(accountId, JSON.parse(body)));
  if (request.method === 'PATCH') {
    const row = await patch(accountId, id, JSON.parse(body));
    return row ? send(response, 200, row) : send(response, 404, { code: 'not_found' });
  }
  return send(response, 405, { code: 'method_not_allowed' });
}

function send(response, status, value) {
  const json = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    handle(request, response, Buffer.concat(chunks).toString()).catch((error) => {
      console.error(error);
      send(response, 500, { code: 'internal_error' });
    });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
