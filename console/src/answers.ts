/**
 * The console API's answers, as the server declares them (shared/protocol/console/answers.ts): types only, erased
 * at build, so a field the server renames fails this typecheck instead of showing an empty cell.
 */
export type * from '../../shared/protocol/console/answers.js';
