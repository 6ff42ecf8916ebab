import { EntitySchema } from '@mikro-orm/core';
import { Account } from '../domain/account';
import { ApiToken } from '../domain/api-token';

export const AccountSchema = new EntitySchema<Account>({
  class: Account,
  tableName: 'accounts',
  properties: {
    id: { type: 'uuid', primary: true },
    email: { type: 'text' },
    passwordHash: { type: 'text', nullable: true, fieldName: 'password_hash' },
    plan: { type: 'text' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});

export const ApiTokenSchema = new EntitySchema<ApiToken>({
  class: ApiToken,
  tableName: 'api_tokens',
  properties: {
    id: { type: 'uuid', primary: true },
    accountId: { type: 'uuid', fieldName: 'account_id' },
    digest: { type: 'text' },
    lastFour: { type: 'text', fieldName: 'last_four' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    lastUsedAt: { type: 'datetime', nullable: true, fieldName: 'last_used_at' },
  },
});
