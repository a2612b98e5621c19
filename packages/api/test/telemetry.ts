/** Reading the process's metrics and log lines in tests. */
export { recordingLog } from "@fuda/live";
export { sample } from "@fuda/telemetry";
