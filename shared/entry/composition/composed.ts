/**
 * What a function may compose: the ports of Deps (shared/operations/deps.ts) and the feature contexts built over
 * them. The contexts stay out of Deps, so the ports an operation may ask for name no feature (issue 37 §1); an
 * operation that reads one declares it by the feature's own type (WithCallbacks, WithReconciliation).
 */
import type { Deps } from '../../operations/deps.js';
import type { WithCallbacks } from '../../operations/callbacks/context.js';
import type { WithReconciliation } from '../../operations/reconciliation/reconcile.js';

export interface Composed extends Deps, WithCallbacks, WithReconciliation {}
