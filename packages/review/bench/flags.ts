/** `--name value` or `--name=value` from the command line (the review's benches). */
export function flag(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

export function count(name: string, fallback: number): number {
  const v = Number(flag(name) ?? fallback);
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a whole number (got ${flag(name)})`);
  return v;
}

export const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
