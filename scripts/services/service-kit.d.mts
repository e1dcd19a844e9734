export function findBinary(command: string, extraDirs?: string[]): string | null;
export function ensureInstalled(command: string, aptPackage: string, extraDirs?: string[]): string;
export function freePort(): Promise<number>;
export function runService(
  bin: string,
  args: string[],
  o: { port: number; dir: string; what: string },
): Promise<{ pid: number | undefined; stop(): Promise<void> }>;
