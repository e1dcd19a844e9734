/**
 * HAProxy in front of test servers (scripts/services/haproxy.mjs, deploy/haproxy/haproxy.cfg.template), or a
 * clear reason to skip: `describe.skipIf(!haproxyInstalled)(...)` and `noteHaproxyMissing` prints what to install.
 */
import { findBinary } from '../../../../scripts/services/service-kit.mjs';
export { startHaproxy, type RunningHaproxy } from '../../../../scripts/services/haproxy.mjs';

export const haproxyInstalled = findBinary('haproxy') !== null;

export function noteHaproxyMissing(file: string): void {
  if (!haproxyInstalled)
    console.warn(
      `${file}: load-balancer tests skipped: haproxy is not installed (apt-get install -y haproxy, or: node scripts/services/haproxy.mjs install, as root)`,
    );
}
