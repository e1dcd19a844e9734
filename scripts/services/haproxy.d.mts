export interface HaproxyOptions {
  backends: { host: string; port: number; name?: string }[];
  port?: number;
  bind?: string;
  checkIntervalMs?: number;
}
export interface RunningHaproxy {
  port: number;
  pid: number;
  dir: string;
  stop(): Promise<void>;
}
export function installHaproxy(): string;
export function haproxyConfig(opts: HaproxyOptions & { port: number }): string;
export function startHaproxy(opts: HaproxyOptions): Promise<RunningHaproxy>;
