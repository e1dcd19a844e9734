export interface RunningRedis {
  port: number;
  url: string;
  pid: number;
  dir: string;
  stop(): Promise<void>;
}
export function installRedis(): string;
export function startRedis(opts?: { port?: number }): Promise<RunningRedis>;
