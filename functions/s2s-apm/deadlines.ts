/** EventBridge rate schedule (every minute): declines APM payments whose QR or bank-transfer window passed unpaid. */
import { deps } from '../../shared/deps.js';
import { sweepDeadlines, type DeadlineReport } from '../../shared/operations/providers/deadlines.js';
import { logger } from '../../shared/logger.js';

export async function handler(): Promise<DeadlineReport> {
  const d = deps();
  const report = await sweepDeadlines(d, (now) => d.apmDeadlines.dueBefore(now));
  if (report.expired) logger.info('apm deadlines', { ...report });
  return report;
}
