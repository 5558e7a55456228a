/**
 * Imported FIRST by a test file that reads the platform's log lines: the suite logs at ERROR (vitest.config.ts), and
 * the shared logger takes its level once, when first imported (Powertools also returns to that level at every
 * invocation, so a later logger.setLogLevel does not last). This file runs before the logger is imported and raises
 * that level to DEBUG, so such a test sees (and the card-data scan searches) every line the platform can write.
 */
process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
process.env.LOG_LEVEL = 'DEBUG';
