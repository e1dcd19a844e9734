/**
 * A private Redis for a test file (scripts/services/redis.mjs), or a clear reason to skip:
 * `describe.skipIf(!redisInstalled)(...)` and `noteMissing` prints what to install.
 */
import { findBinary } from '../../../../scripts/services/service-kit.mjs';
export { startRedis, type RunningRedis } from '../../../../scripts/services/redis.mjs';

export const redisInstalled = findBinary('redis-server') !== null;

/** One console line saying why a test file's Redis tests are skipped (nothing when Redis is installed). */
export function noteRedisMissing(file: string): void {
  if (!redisInstalled)
    console.warn(
      `${file}: Redis tests skipped: redis-server is not installed (apt-get install -y redis-server, or: node scripts/services/redis.mjs install, as root)`,
    );
}
