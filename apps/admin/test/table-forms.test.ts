import { describe, expect, it } from "vitest";

import {
  chatBetsOf,
  chatRetentionDaysOf,
  chatSettingsFrom,
  fieldText,
  streamFrom,
  toMinor,
} from "../src/components/table-forms";

describe("toMinor: points as an operator types them, in minor units", () => {
  it("reads whole points and up to two decimals exactly, either sign", () => {
    expect(toMinor("25")).toBe(2_500);
    expect(toMinor("-12.5")).toBe(-1_250);
    expect(toMinor(" +0.07 ")).toBe(7);
    expect(toMinor("1000000")).toBe(100_000_000);
  });

  it("is NaN for anything else, never an amount nobody typed", () => {
    for (const typed of ["", "abc", "12.345", "1e3", "--1", "1,000", ".5", "10."]) {
      expect(toMinor(typed), typed).toBeNaN();
    }
  });
});

describe("the video and chat fields of a table's forms", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("sends every video URL as typed, an emptied one as '' so that the API clears it", () => {
    const data = form({ "stream.hls": " https://media.example/a.m3u8 ", "stream.whep": "" });
    expect(streamFrom((name) => fieldText(data, name))).toEqual({
      hls: "https://media.example/a.m3u8",
      whep: "",
      poster: "",
    });
  });

  it("keeps a table's chat 30 days and takes chat bets unless its settings say otherwise", () => {
    expect(chatRetentionDaysOf(undefined)).toBe(30);
    expect(chatRetentionDaysOf({ chatRetentionDays: 7 })).toBe(7);
    expect(chatBetsOf({})).toBe(true);
    expect(chatBetsOf({ chatBets: false })).toBe(false);
  });

  it("sends chat bets for joker blackjack alone, and no chat settings for the quick game", () => {
    const days = { "settings.chatRetentionDays": "45" };
    expect(chatSettingsFrom(form(days), "baccarat")).toEqual({ chatRetentionDays: 45 });
    expect(chatSettingsFrom(form(days), "joker-blackjack")).toEqual({
      chatRetentionDays: 45,
      chatBets: false,
    });
    expect(
      chatSettingsFrom(form({ ...days, "settings.chatBets": "on" }), "joker-blackjack"),
    ).toEqual({ chatRetentionDays: 45, chatBets: true });
    expect(chatSettingsFrom(form(days), "quick-baccarat")).toEqual({});
  });

  it("sends an emptied days field as 0, for the API to refuse naming it, never the old value", () => {
    expect(chatSettingsFrom(form({ "settings.chatRetentionDays": "" }), "pok-deng")).toEqual({
      chatRetentionDays: 0,
    });
  });
});
