import { ConflictError } from './errors.js';

/**
 * Runs `attempt` again while it fails with a ConflictError (its conditional write lost to another writer's), `times`
 * times at most; any other error, or the last conflict, is thrown. `attempt` reads afresh each time.
 */
export async function retryOnConflict<T>(times: number, attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof ConflictError) || i >= times) throw err;
    }
  }
}
