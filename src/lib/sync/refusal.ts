/**
 * Why an entry is not part of the game. Every peer computes the same refusals from the same
 * entries, so the author sees the same reason everyone else does.
 */
export const REFUSAL_CODES = [
	/** Not a well-formed entry: ignored, and nothing else is affected. */
	'malformed',
	'not_canonical',
	/** Signed for another game (a replay from elsewhere). */
	'wrong_game',
	/** Written by an app with another rules version than the game's. */
	'rules_mismatch',
	'bad_signature',
	'unknown_seat',
	'not_your_turn',
	'engine_refused',
	/** Valid, but a sibling with a lower id was chosen (rule: lowest id wins). */
	'superseded',
	/** Follows an entry that is not on the chain. */
	'off_chain',
	/** An entry kind that cannot appear where it is. */
	'misplaced',
	'bad_claim',
	'bad_start',
	'bad_reveal',
	/** A restart of the seed that breaks a rule of restart.ts (no reveal missing, a reveal it names is not held). */
	'bad_restart',
	/** A commitment or reveal of a restarted round by a seat whose turn in that round it is not. */
	'out_of_order',
	'not_seated',
	'undo_pending',
	'undo_target_unknown',
	'nothing_to_undo',
	'consent_unexpected',
	'undo_declined',
	/** Ordering this entry threw (a bug in the engine or a crafted entry): it is refused, nothing else. */
	'engine_error',
	/** Bigger or deeper than an entry may be (entry.ts limits). */
	'too_large',
	/** Fields that the entry's kind does not have: refused, so that an id cannot be ground by padding. */
	'extra_fields',
	/** More entries by one seat on one parent than play ever needs (entry.ts limits). */
	'too_many',
	/** A pending undo request or a rival lost to a move that other seats built on. */
	'play_went_on',
	/** Adding or removing a device broke a rule of devices.ts. */
	'device_key_taken',
	'device_key_removed',
	'too_many_devices',
	'device_unknown',
	'last_device'
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export interface Refusal {
	readonly id: string | null;
	readonly seat: number | null;
	readonly parent: string | null;
	readonly code: RefusalCode;
	readonly message: string;
}
