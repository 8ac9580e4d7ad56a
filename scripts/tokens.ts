// `npm run tokens -- create --tier <plan> [--name N] | list | revoke <id>`: manage API tokens (hashes only on disk).
import { parseArgs } from 'node:util';
import { loadConfig } from '../engine/config.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { PLANS, isPlan } from '../engine/accounts/plans.ts';
import { PasswordStore } from '../engine/accounts/PasswordStore.ts';
import { passwordsFile } from '../engine/accounts/mcpAccountsArea.ts';
import { readSecret } from './readSecret.ts';

const USAGE = `usage:
  npm run tokens -- create --tier <${PLANS.join('|')}> [--name NAME]
  npm run tokens -- list
  npm run tokens -- revoke <token-id>
  npm run tokens -- password <token-id>   (the account's MCP sign-in password: typed twice, or one line on stdin)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { tier: { type: 'string' }, name: { type: 'string' } } });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
const config = loadConfig();
// the CLI reports a broken file through its commands' errors, not a log
const store = new TokenStore(config.tokensFile);
const [command, ...rest] = positionals;

switch (command) {
  case 'create': {
    const tier = values.tier;
    if (!tier || !isPlan(tier)) fail(`--tier must be one of: ${PLANS.join(', ')}`);
    let created;
    try {
      created = store.create(tier, values.name ?? '');
    } catch (err) {
      process.stderr.write(`${(err as Error).message}\n`);
      process.exit(1);
    }
    const { token, record } = created;
    process.stdout.write(`created token ${record.id} (${record.plan}${record.name ? `, ${record.name}` : ''}); it is shown only once:\n${token}\n`);
    break;
  }
  case 'list': {
    for (const t of store.list()) {
      process.stdout.write(`${t.id}\t${t.plan}\t${t.revokedAt ? `revoked ${t.revokedAt}` : 'active'}\t${t.createdAt}\t${t.name}\n`);
    }
    break;
  }
  case 'revoke': {
    const id = rest[0];
    if (!id) fail('revoke needs a token id (see `list`)');
    let revoked: boolean;
    try {
      revoked = store.revoke(id);
    } catch (err) {
      process.stderr.write(`${(err as Error).message}\n`);
      process.exit(1);
    }
    if (!revoked) fail(`no active token ${id}`);
    process.stdout.write(`revoked ${id}\n`);
    break;
  }
  case 'password': {
    const id = rest[0];
    if (!id) fail('password needs a token id (see `list`)');
    if (!store.list().some((t) => t.id === id && t.revokedAt === null)) fail(`no active token ${id}`);
    try {
      const password = await readSecret('New sign-in password: ');
      if (process.stdin.isTTY && (await readSecret('Again: ')) !== password) throw new Error('the two entries differ');
      await new PasswordStore(passwordsFile(config)).set(id, password);
    } catch (err) {
      process.stderr.write(`${(err as Error).message}\n`);
      process.exit(1);
    }
    process.stdout.write(`sign-in password set for ${id}: MCP clients sign in with account id ${id} and this password\n`);
    break;
  }
  default:
    fail(command ? `unknown command "${command}"` : 'missing command');
}
