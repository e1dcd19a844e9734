export function findBinary(command: string, extraDirs?: string[]): string | null;
export function ensureInstalled(command: string, aptPackage: string, extraDirs?: string[]): string;
export function freePort(): Promise<number>;
