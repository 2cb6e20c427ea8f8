import dns from 'node:dns';
import net from 'node:net';

/**
 * The SSRF guard: a webhook may post only over http(s), and only to public addresses. Checked
 * when a webhook is saved and again at each delivery, on the addresses DNS gives then; the
 * delivery connects to the address checked (lookup below), so a name that resolves elsewhere
 * between the check and the connection (DNS rebinding) gains nothing.
 */
const refused = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(net4, bits, 'ipv4');
}
for (const [net6, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local, AWS metadata (fd00:ec2::254)
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96], // NAT64 of an IPv4 address: checked as that address would be, so refused
] as const) {
  refused.addSubnet(net6, bits, 'ipv6');
}

/** True when posting to `address` (an IP address) is refused. */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address); // IPv4-mapped: judged as the IPv4 address
  if (mapped) return refused.check(mapped[1], 'ipv4');
  return refused.check(address, 'ipv6');
}

export type TargetProblem = { reason: string };

/** Why `url` may not be a webhook's target (null: it may), resolving its host now. */
export async function checkTarget(url: string, allowPrivate: boolean): Promise<TargetProblem | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { reason: 'not a URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { reason: `only http and https are allowed, not ${parsed.protocol}` };
  if (parsed.username || parsed.password) return { reason: 'credentials in the URL are not allowed' };
  if (allowPrivate) return null;
  try {
    await resolvePublic(hostOf(parsed));
    return null;
  } catch (err) {
    return { reason: (err as Error).message };
  }
}

/** The URL's host as DNS and net take it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The addresses of `host`, all public, or an error saying which is not. */
async function resolvePublic(host: string): Promise<dns.LookupAddress[]> {
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.promises.lookup(host, { all: true, verbatim: true });
  if (!addresses.length) throw new Error(`${host} resolves to no address`);
  const bad = addresses.find((a) => isRefusedAddress(a.address));
  if (bad) throw new Error(`${host} resolves to ${bad.address}, a loopback, private, link-local or reserved address`);
  return addresses;
}

/**
 * A `lookup` for http.request: resolves, refuses if any address is not public (unless allowed),
 * and hands back the address checked, which the socket then connects to.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    const cb = callback;
    const lookup = allowPrivate ? dns.promises.lookup(hostname, { all: true, verbatim: true }) : resolvePublic(hostname);
    lookup.then(
      (addresses) => {
        if (options.all) cb(null, addresses);
        else cb(null, addresses[0].address, addresses[0].family);
      },
      (err: Error) => cb(Object.assign(err, { code: 'WEBHOOK_TARGET_REFUSED' }), ''),
    );
  };
}
