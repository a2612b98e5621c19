/**
 * What browsers may import (`@fuda/api/types`): the schemas of what the API answers, with no
 * server code behind them, so a client checks a streamed payload against the same schema the
 * procedure's `.output()` does.
 */
export { tableViewSchema, type TableView } from "./domain/tables.types";
export { lobbyTableSchema, type LobbyTable } from "./domain/lobby.types";
export { RETRY_AFTER_SECONDS, whatIsDown, type DownPart } from "./unavailable";
