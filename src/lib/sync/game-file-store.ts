/**
 * Browser only: game files (game-file.ts) to and from this device's stored games. Each call opens
 * the game's IndexedDB document on its own and closes it again, so it works whether or not the
 * game is open in a page (y-indexeddb keeps several documents of one database in step).
 */
import * as Y from 'yjs';
import { mergeGameFile, writeGameFile, type GameFile, type MergeResult, type ReadGameFile } from './game-file';
import { LogDoc } from './log-doc';
import { openStorage } from './providers';

async function withStoredLog<T>(game: string, use: (log: LogDoc) => T): Promise<T> {
	const doc = new Y.Doc();
	const storage = openStorage(doc, game);
	try {
		await storage.whenSynced;
		return use(new LogDoc(doc));
	} finally {
		// Closing the database waits for the writes queued by an append to complete.
		await storage.close();
		doc.destroy();
	}
}

/**
 * The game file of a game held on this device (every entry it stores, with its signature), with
 * the link's secret when given so that the file opens the same game's room elsewhere.
 */
export function storedGameFile(game: string, secret?: string): Promise<GameFile> {
	return withStoredLog(game, (log) => writeGameFile(game, log.entries(), secret));
}

/** True if this device stores any entry of the game. */
export function gameStored(game: string): Promise<boolean> {
	return withStoredLog(game, (log) => log.entries().length > 0);
}

/**
 * Adds a read game file to this device: a new game if it holds none of it, a merge otherwise.
 * Nothing is written when the file was refused.
 */
export async function storeGameFile(file: ReadGameFile): Promise<MergeResult> {
	if (!file.ok) return file;
	return withStoredLog(file.game, (log) => mergeGameFile(log, file.game, file));
}
