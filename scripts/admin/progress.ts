/**
 * Progress of long-running admin commands, on stderr so stdout stays the command's result (JSON or a table) for
 * scripts and pipes. Tests pass their own sink.
 */
export type Progress = (line: string) => void;

export const stderrProgress: Progress = (line) => process.stderr.write(`${line}\n`);

export const silent: Progress = () => undefined;
