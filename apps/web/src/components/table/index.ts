// What every table page builds on: the live state, the countdown, chips, the bet slip, cards,
// banners and the screen reader's announcements.
export { applyTableEvent } from "./table-state";
export type { Phase, TableRound } from "./table-state";
export { readTable } from "./read-table";
export { useTableState } from "./use-table-state";
export { SharedTableStreamProvider } from "./shared-table-stream";
export type { TableStateOptions } from "./use-table-state";
export { Countdown } from "./countdown";
export { ChipTray, chipValues } from "./chip-tray";
export { spokenName } from "./spoken-name";
export { kindOfRefusal, useBetSlip } from "./use-bet-slip";
export type { BetSlip, SlipBet, SlipError } from "./use-bet-slip";
export type { ApiError } from "../../relay-api";
export { PlayingCard, useCardWords } from "./playing-card";
export { StatusBanner } from "./status-banner";
export type { BannerKind } from "./status-banner";
export { Announcer, useAnnouncer } from "./announcer";
export { useOwnResultWords } from "./own-result";
export { TableBanners } from "./table-banners";
export { TableHeading } from "./table-heading";
export { LiveDealerBadge } from "./live-dealer-badge";
export { RoundPhase, TableLimits } from "./table-facts";
export { REVEAL_MS, useReveal } from "./use-reveal";
export type { Reveal } from "./use-reveal";
