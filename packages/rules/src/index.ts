// Each game's rules as data plus pure functions, one namespace per game.
export {};
export * as baccarat from "./baccarat";
export * as pokDeng from "./pok-deng";
export * as jokerBlackjack from "./joker-blackjack";
