/**
 * Branded ids. They are plain strings (or numbers for players) at run time; the brand only
 * stops one kind of id being passed where another is expected. The 18xx.games conventions
 * are kept: players by numeric id, minors by number as a string ("5"), majors by
 * abbreviation ("LNWR"), companies "P1"/"C1"/"M5", trains "<name>-<index>", tiles
 * "<name>-<index>", hexes "H33".
 */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type PlayerId = Brand<number, 'PlayerId'>;
export type CorporationId = Brand<string, 'CorporationId'>;
export type CompanyId = Brand<string, 'CompanyId'>;
export type HexId = Brand<string, 'HexId'>;
export type TileId = Brand<string, 'TileId'>;
export type TrainId = Brand<string, 'TrainId'>;

export const playerId = (n: number): PlayerId => n as PlayerId;
export const corporationId = (s: string): CorporationId => s as CorporationId;
export const companyId = (s: string): CompanyId => s as CompanyId;
export const hexId = (s: string): HexId => s as HexId;
export const tileId = (s: string): TileId => s as TileId;
export const trainId = (s: string): TrainId => s as TrainId;
