/**
 * What the live runtime logs through: four levels, each taking fields and a message or a message
 * alone, as a pino logger does (`createLogger` of @fuda/telemetry satisfies it), so a server
 * passes its own logger and a test a silent or recording one.
 */
import { createLogger } from "@fuda/telemetry";

export interface LiveLogFn {
  (fields: object, message: string): void;
  (message: string): void;
}

export interface LiveLog {
  /** Each round's phase changes: on only when an operator asks (LOG_LEVEL=debug). */
  debug: LiveLogFn;
  info: LiveLogFn;
  /** A fault the runtime recovers from by itself: a lost connection, a step retried. */
  warn: LiveLogFn;
  /** A failure nothing expected: an operator should look. */
  error: LiveLogFn;
}

const nothing = (): void => undefined;

export const silentLog: LiveLog = { debug: nothing, info: nothing, warn: nothing, error: nothing };

export interface LoggedLine {
  level: "debug" | "info" | "warn" | "error";
  fields: Record<string, unknown>;
  message: string;
}

/** A logger that keeps every line it is given, for a test to read. */
export function recordingLog(): { log: LiveLog; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at =
    (level: LoggedLine["level"]) =>
    (first: object | string, message?: string): void => {
      lines.push(
        typeof first === "string"
          ? { level, fields: {}, message: first }
          : { level, fields: { ...first }, message: message ?? "" },
      );
    };
  return {
    lines,
    log: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
  };
}

/** Used when a caller gives no logger: JSON lines on stdout at LOG_LEVEL, as the servers' own. */
export const defaultLiveLog = (): LiveLog => createLogger("live");

/** An error's message on one line, for a log line's fields. */
export const oneLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
