/** A CLI command takes its arguments (after the command name) and resolves to an exit code. */
export type Command = (args: string[]) => Promise<number>;

/** An expected failure: printed as one line on stderr, no stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}
