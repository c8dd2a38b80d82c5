/** Players and cash transfers. Money is integers. */

export interface PlayerState {
	readonly id: number;
	readonly name: string;
	cash: number;
	/** Loans taken in emergencies plus interest (rules digest 9). */
	debt: number;
	/** Private companies and concessions held, in the order acquired. */
	companies: string[];
}

export interface CashHolder {
	cash: number;
}

/** The bank's purse. It may go below zero: the first time it would, it "breaks" [bank.rb]. */
export interface BankState {
	cash: number;
	broken: boolean;
}

/** Moves `amount` from one purse to another; callers validate first (a refusal changes nothing). */
export function transferCash(from: CashHolder, to: CashHolder, amount: number): void {
	from.cash -= amount;
	to.cash += amount;
}

export function payFromBank(bank: BankState, to: CashHolder, amount: number): void {
	bank.cash -= amount;
	to.cash += amount;
	if (bank.cash < 0) bank.broken = true;
}
