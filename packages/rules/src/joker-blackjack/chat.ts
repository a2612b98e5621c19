/**
 * Chat bets (docs/rules/joker-blackjack.md, Chat commands): the house rules run the table from
 * chat comments. After "Please your bet" a seated player comments the points they bet; in their
 * turn they comment their action, in English or in the page's Japanese words. What a comment
 * means is decided here, purely; the table decides whether it is the moment for it.
 */
import type { PlayerAction } from "./types";

/** A comment the table acts on: a main bet in whole points, or a decision. */
export type ChatCommand =
  { kind: "bet"; points: number } | { kind: "action"; action: PlayerAction };

/** The action words, English and the house rules' katakana, as compared (NFKC, lower case, no spaces). */
const ACTION_WORDS: Readonly<Record<string, PlayerAction>> = {
  hit: "hit",
  ヒット: "hit",
  stand: "stand",
  スタンド: "stand",
  double: "double",
  doubledown: "double",
  ダブル: "double",
  ダブルダウン: "double",
  split: "split",
  スプリット: "split",
  surrender: "surrender",
  サレンダー: "surrender",
  insurance: "insurance",
  インシュランス: "insurance",
  インシュアランス: "insurance",
  evenmoney: "evenMoney",
  イーブンマネー: "evenMoney",
};

/** The most points a comment may name: more digits are chat, not a bet. */
const MAX_DIGITS = 9;

/**
 * The command a comment is, or null when it is only chat. A number is ASCII or full-width digits
 * alone (`100`, `１００`, optional "pt"/"points" after it is not taken: the rule is a number only).
 */
export function chatCommand(text: string): ChatCommand | null {
  const folded = text.normalize("NFKC").trim().toLowerCase();
  if (new RegExp(`^[0-9]{1,${MAX_DIGITS}}$`).test(folded)) {
    return { kind: "bet", points: Number(folded) };
  }
  const action = ACTION_WORDS[folded.replace(/[\s・_-]+/g, "")];
  return action === undefined ? null : { kind: "action", action };
}
