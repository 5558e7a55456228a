/**
 * How the composition builds a port: once per container, on first use, and again after resetDeps() (the local
 * platform and tests change the environment, then reset). Each port has its own module in shared/entry/composition, so a
 * function's bundle holds only the ports it composes and the SDK clients those use.
 */
let generation = 0;

/** `build` runs on the first call and after each resetPorts(); every other call returns what it built. */
export function port<T>(build: () => T): () => T {
  let built: { generation: number; value: T } | undefined;
  return () => {
    if (built?.generation !== generation) built = { generation, value: build() };
    return built.value;
  };
}

export function resetPorts(): void {
  generation++;
}
