/**
 * The local console's people: an operator account on first start, and — since moto forgets Cognito users when it
 * restarts — a fresh one-time password for every console user at each start, printed with its sign-in link and
 * written to $LOCAL_DATA_DIR/console-users.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { consoleDeps } from '../../shared/entry/composition/deps.js';
import { issueInvitation, type Invited } from '../../shared/operations/console/users.js';
import type { ConsoleUser } from '../../shared/ports/console-users.js';

export async function ensureConsoleUsers(dataDir: string | undefined, operatorEmail: string): Promise<Invited[]> {
  const cx = consoleDeps();
  const email = operatorEmail.toLowerCase();
  if (!(await cx.users.get(email))) {
    await cx.users.create({ email, role: 'operator', invitedBy: 'npm start', createdAt: new Date().toISOString() });
  }
  const users: ConsoleUser[] = [...(await cx.users.list(undefined))];
  for (const m of await cx.d.merchants.list()) users.push(...(await cx.users.list(m.clientKey)));
  const invited: Invited[] = [];
  for (const u of users.filter((x) => !x.disabled)) invited.push(await issueInvitation(cx, u));
  if (dataDir) writeFileSync(join(dataDir, 'console-users.json'), `${JSON.stringify(invited, null, 2)}\n`, { mode: 0o600 });
  return invited;
}
