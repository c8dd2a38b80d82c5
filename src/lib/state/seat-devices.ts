// The devices that hold each seat of this device (sync/devices.ts), for the game menu's
// "Add a device" and "Remove device": names, the entry each was added by, and which is this one.
import type { GameState } from '../engine';
import type { SessionView } from '../sync';
import { seatName } from './undo-request';

export interface DeviceRow {
	readonly id: string;
	readonly label: string;
	readonly thisDevice: boolean;
}

export interface SeatDevices {
	readonly seat: number;
	readonly name: string;
	readonly devices: readonly DeviceRow[];
}

export function seatDevices(view: SessionView<GameState> | null, ownKeys: readonly string[]): SeatDevices[] {
	const table = view?.devices;
	if (!view || !table) return [];
	return view.mine.map((seat) => ({
		seat,
		name: seatName(view, seat),
		devices: (table.held[seat] ?? []).map((d, i) => ({
			id: d.id,
			// The claim's device has no label of its own: it is the one the seat was first taken on.
			label: d.name || (i === 0 ? 'First device' : `Device ${i + 1}`),
			thisDevice: ownKeys.includes(d.id)
		}))
	}));
}
